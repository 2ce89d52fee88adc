import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { newId, nowIso } from './time';

/**
 * One admin action for the audit log (issue 8): who, what, on what, when, and the record before and
 * after. Call it inside the transaction that makes the change, so the log never disagrees with the data.
 */
export async function recordAudit(
  db: Kysely<DB>,
  entry: {
    /** A null id: no person acted (the payment gateway's webhook); the email names what did. */
    actor: { id: string | null; email: string };
    /** Dotted verb, e.g. 'user.status', 'prompt.update', 'plan.delete', 'settings.security'. */
    action: string;
    targetType: 'user' | 'prompt' | 'plan' | 'payment' | 'payout' | 'settings' | 'contact' | 'job';
    targetId: string | null;
    before?: unknown;
    after?: unknown;
    ip?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
