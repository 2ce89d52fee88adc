import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AuditList,
  AuditQuerySchema,
  ContactMessage,
  ContactMessageList,
  ContactMessagesQuerySchema,
  ContactStatus,
} from '../../../../shared/admin-audit';
import type { DB } from '../../../db/types';
import { recordAudit } from '../../../lib/audit';
import { AppError, notFound } from '../../../lib/errors';
import * as repo from './repository';

type AuditQuery = z.output<typeof AuditQuerySchema>;
type MessagesQuery = z.output<typeof ContactMessagesQuerySchema>;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The audit log, newest first, filtered by action (or its group) and by the acting admin's e-mail. */
export async function listAudit(db: Kysely<DB>, query: AuditQuery): Promise<AuditList> {
  const filter = { action: query.action, actor: query.actor };
  const [rows, total, actions] = await Promise.all([
    repo.listAudit(db, filter, (query.page - 1) * query.limit, query.limit),
    repo.countAudit(db, filter),
    repo.distinctActions(db),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actor_id, email: r.actor_email },
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: parseJson(r.before),
      after: parseJson(r.after),
      ip: r.ip,
      createdAt: r.created_at,
    })),
    actions,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

const toMessage = (r: {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  status: string;
  created_at: string;
}): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  company: r.company,
  message: r.message,
  status: (['new', 'read', 'archived'].includes(r.status) ? r.status : 'new') as ContactStatus,
  createdAt: r.created_at,
});

/** Contact Sales messages, newest first, with the count per status for the tabs. */
export async function listContactMessages(db: Kysely<DB>, query: MessagesQuery): Promise<ContactMessageList> {
  const status = query.status === 'all' ? null : query.status;
  const [rows, byStatus] = await Promise.all([
    repo.listContactMessages(db, status, (query.page - 1) * query.limit, query.limit),
    repo.countContactMessagesByStatus(db),
  ]);
  const counts = {
    new: byStatus.new ?? 0,
    read: byStatus.read ?? 0,
    archived: byStatus.archived ?? 0,
    all: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
  };
  const total = status ? counts[status] : counts.all;
  return {
    messages: rows.map(toMessage),
    counts,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** Marks a message new, read or archived; audited. */
export async function setContactMessageStatus(
  db: Kysely<DB>,
  actor: { userId: string; ip: string },
  id: string,
  status: ContactStatus,
): Promise<ContactMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findContactMessage(trx, id);
    if (!row) throw notFound('The requested message could not be found.');
    const admin = await repo.findActor(trx, actor.userId);
    if (!admin) throw new AppError('AUTHENTICATION_ERROR');
    if (row.status !== status) {
      await repo.setContactMessageStatus(trx, id, status);
      await recordAudit(trx, {
        actor: { id: admin.id, email: admin.email },
        action: 'contact.status',
        targetType: 'contact',
        targetId: id,
        before: { status: row.status },
        after: { status },
        ip: actor.ip,
      });
    }
    return toMessage({ ...row, status });
  });
}

/** Who did something, by user id (the Jobs page's retries): for other admin sections. */
export { findActor } from './repository';
