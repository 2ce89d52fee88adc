import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';

/** All SQL of the audit log and the Contact Sales inbox. */

export interface AuditFilter {
  action?: string;
  actor?: string;
}

function auditQuery(db: Kysely<DB>, filter: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (filter.action) {
    const action = filter.action.toLowerCase();
    q = q.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${escapeLike(action)}.%`)]));
  }
  if (filter.actor) {
    q = q.where((eb) =>
      eb(eb.fn('lower', ['actor_email']), 'like', `%${escapeLike(filter.actor!.toLowerCase())}%`),
    );
  }
  return q;
}

// LIKE wildcards the admin types are dropped rather than escaped: SQLite has no default escape
// character and PostgreSQL uses the backslash, so one escaped pattern would not suit both.
const escapeLike = (text: string) => text.replace(/[%_\\]/g, '');

export async function listAudit(db: Kysely<DB>, filter: AuditFilter, offset: number, limit: number) {
  return auditQuery(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAudit(db: Kysely<DB>, filter: AuditFilter): Promise<number> {
  const row = await auditQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function distinctActions(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}

export async function listContactMessages(
  db: Kysely<DB>,
  status: string | null,
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('contact_messages').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countContactMessagesByStatus(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('contact_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

export const findContactMessage = (db: Kysely<DB>, id: string) =>
  db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();

export async function setContactMessageStatus(db: Kysely<DB>, id: string, status: string): Promise<void> {
  await db.updateTable('contact_messages').set({ status }).where('id', '=', id).execute();
}

export const findActor = (db: Kysely<DB>, id: string) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
