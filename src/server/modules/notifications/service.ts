import type { Kysely } from 'kysely';
import type {
  MarkReadResult,
  Notification,
  NotificationKind,
  NotificationList,
} from '../../../shared/notifications';
import type { DB } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import * as repo from './repository';

/*
 * The notifications centre (issue 57, decision 055): the one place a notice to a user is written.
 * Other modules call notify() inside the transaction of what caused it, so a notice exists if and
 * only if its cause was committed. Each notice names its event (`eventKey`); the unique key on
 * (user_id, event_key) makes an event notify a user once however often it is reported.
 *
 * The kinds, who gets each, and who writes it:
 *   prompt.updated   a prompt's buyers (a purchase not refunded) and, while it is published, its
 *                    likers, never its author: a new version, with its note (creator/versions.ts).
 *                    E-mailed too to those who opted in (users.email_on_updates, Settings).
 *   prompt.reviewed  a prompt's author: a new review of it (marketplace/reviews.ts).
 *   prompt.sold      a prompt's author: a sale of it (billing/grants.ts).
 *   payout.updated   a creator: their payout was approved, paid or rejected (billing/payouts.ts),
 *                    with the e-mail billing sends them anyway.
 *   prompt.tests_failing a prompt's author: a scheduled re-run of its tests started failing
 *                    (prompt-tests/run.ts), with the e-mail.
 * A new kind: add it to NOTIFICATION_KINDS in src/shared/notifications.ts and to this list.
 */

export interface NoticeInput {
  userId: string;
  kind: NotificationKind;
  /** Names the event, e.g. `version:<promptId>:<n>`: the same key never notifies a user twice. */
  eventKey: string;
  title: string;
  body?: string;
  /** A page path in the app. */
  link?: string | null;
  data?: Record<string, unknown>;
}

export interface NotifyDeps {
  /** The caller's transaction. */
  db: Kysely<DB>;
  /** Given, the kinds that are e-mailed go through the mail outbox in the same transaction. */
  mailer?: Mailer;
  publicUrl?: string;
}

/** The kinds sent by e-mail too, to users who opted in; the mail's text. */
const EMAILED: Partial<Record<NotificationKind, true>> = { 'prompt.updated': true };

/**
 * Writes the notices (skipping those already given for their event) and queues the e-mails of
 * the new ones. Returns the users notified now. The caller wakes the mailer once it committed.
 */
export async function notify(deps: NotifyDeps, notices: NoticeInput[]): Promise<string[]> {
  const now = nowIso();
  const fresh = await repo.insertOnce(
    deps.db,
    notices.map((n) => ({
      id: newId(),
      user_id: n.userId,
      kind: n.kind,
      event_key: n.eventKey,
      title: n.title,
      body: n.body ?? '',
      link: n.link ?? null,
      data: n.data ? JSON.stringify(n.data) : null,
      created_at: now,
    })),
  );
  if (deps.mailer && fresh.length > 0) await mailFresh(deps, deps.mailer, notices, new Set(fresh));
  return fresh;
}

async function mailFresh(deps: NotifyDeps, mailer: Mailer, notices: NoticeInput[], fresh: Set<string>) {
  const mailed = notices.filter((n) => EMAILED[n.kind] && fresh.has(n.userId));
  if (mailed.length === 0) return;
  const recipients = await repo.updateMailRecipients(
    deps.db,
    mailed.map((n) => n.userId),
  );
  const byUser = new Map(mailed.map((n) => [n.userId, n]));
  for (const user of recipients) {
    const n = byUser.get(user.id)!;
    const link = n.link ? `${deps.publicUrl ?? ''}${n.link}` : null;
    await mailer.send(
      {
        to: user.email,
        subject: n.title,
        text:
          `Hi ${user.name},\n\n${n.title}.\n${n.body ? `\n${n.body}\n` : ''}` +
          (link ? `\nSee what changed: ${link}\n` : '') +
          `\nYou get this e-mail because you asked for updates of prompts you bought or liked. ` +
          `Turn it off in Settings: ${deps.publicUrl ?? ''}/settings\n`,
      },
      { db: deps.db },
    );
  }
}

const toNotification = (r: Awaited<ReturnType<typeof repo.listForUser>>[number]): Notification => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.created_at,
  readAt: r.read_at,
});

/** The user's notices, newest first, with their unread count. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  q: { limit: number; unread: boolean; before?: string },
): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([repo.listForUser(db, userId, q), repo.unreadCount(db, userId)]);
  return {
    notifications: rows.slice(0, q.limit).map(toNotification),
    unread,
    more: rows.length > q.limit,
  };
}

/** Marks one of the user's notices read; another user's is answered as not found. */
export async function markOneRead(db: Kysely<DB>, userId: string, id: string): Promise<MarkReadResult> {
  if (!(await repo.findOwn(db, userId, id))) {
    throw new AppError('NOT_FOUND_ERROR', 'The requested notification could not be found.');
  }
  const updated = await repo.markRead(db, userId, nowIso(), id);
  return { updated, unread: await repo.unreadCount(db, userId) };
}

export async function markAllRead(db: Kysely<DB>, userId: string): Promise<MarkReadResult> {
  const updated = await repo.markRead(db, userId, nowIso());
  return { updated, unread: 0 };
}
