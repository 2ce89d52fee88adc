import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of the notifications centre. */

export interface NoticeRow {
  id: string;
  user_id: string;
  kind: string;
  event_key: string;
  title: string;
  body: string;
  link: string | null;
  data: string | null;
  created_at: string;
}

/** Inserts the notices not yet given for their event; returns the users who got one now. */
export async function insertOnce(db: Kysely<DB>, rows: NoticeRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('notifications')
    .values(rows.map((r) => ({ ...r, read_at: null })))
    .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.map((r) => r.user_id);
}

/** The e-mail addresses of those of the users who opted in to e-mail about updates. */
export const updateMailRecipients = (db: Kysely<DB>, userIds: string[]) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', 'in', userIds)
    .where('email_on_updates', '=', 1)
    .where('status', '=', 'active')
    .execute();

export function listForUser(
  db: Kysely<DB>,
  userId: string,
  q: { limit: number; unread: boolean; before?: string },
) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId);
  if (q.unread) query = query.where('read_at', 'is', null);
  if (q.before) query = query.where('created_at', '<', q.before);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
}

export async function unreadCount(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the user's notices read: one (by id) or all; another user's notice is never touched. */
export async function markRead(db: Kysely<DB>, userId: string, now: string, id?: string): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const findOwn = (db: Kysely<DB>, userId: string, id: string) =>
  db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
