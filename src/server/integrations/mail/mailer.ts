import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/types';
import type { Jobs } from '../../jobs/runner';
import type { JobRun } from '../../jobs/types';
import { metrics } from '../../lib/metrics';
import { newId, nowIso } from '../../lib/time';

/*
 * Outgoing mail, as jobs (decision 047). `send` records the mail in mail_outbox (status `queued`) and
 * queues a `mail-send` job for it, in the caller's transaction when it gives one: the mail exists if
 * and only if what caused it was committed. The job delivers it through SMTP_URL, or with
 * MAIL_TRANSPORT=log writes it to the server log (status `outbox`, read with `npm run mail:outbox`).
 * A failed try is retried with backoff; after the last one the mail is `failed` and its job dead,
 * which an admin can retry from the Jobs page. A mail already sent is never sent again.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' when real mail leaves the machine; 'outbox' when it goes to the log (MAIL_TRANSPORT=log). */
  readonly mode: 'smtp' | 'outbox';
  /** Queues the mail; with `options.db` (a transaction) it is queued only if that commits. */
  send(mail: Mail, options?: { db?: Kysely<DB> }): Promise<void>;
  /** After a transaction that queued mail committed: its sender need not wait for its next poll. */
  wake(): void;
  close(): void;
}

export const MAIL_QUEUE = 'mail-send';
/** About a day of tries with the default 30 s first delay (30 s, 1 min, 2 min, ... doubling). */
const MAIL_RETRIES = 10;

export function createMailer(options: {
  db: Kysely<DB>;
  jobs: Jobs;
  log: FastifyBaseLogger;
  smtpUrl: string | null;
  from: string;
}): Mailer {
  const { db, jobs, log, smtpUrl, from } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  async function deliver(job: JobRun<{ mailId: string }>) {
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', job.data.mailId)
      .executeTakeFirst();
    // Gone (the data was reset) or already delivered by an earlier try: nothing to send.
    if (!mail || mail.status === 'sent' || mail.status === 'outbox') return;
    if (!transport) {
      log.info(
        { to: mail.to_address, subject: mail.subject, text: mail.text_body },
        'mail kept in the outbox (MAIL_TRANSPORT=log)',
      );
      await db
        .updateTable('mail_outbox')
        .set({ status: 'outbox', error: null })
        .where('id', '=', mail.id)
        .execute();
      metrics.mail('logged');
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      });
    } catch (err) {
      metrics.mail('failed');
      const last = job.retryCount >= job.retryLimit;
      await db
        .updateTable('mail_outbox')
        .set({ status: last ? 'failed' : 'queued', error: err instanceof Error ? err.message : String(err) })
        .where('id', '=', mail.id)
        .execute();
      throw err;
    }
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', error: null, sent_at: nowIso() })
      .where('id', '=', mail.id)
      .execute();
    metrics.mail('sent');
  }

  jobs.work<{ mailId: string }>(MAIL_QUEUE, { retryLimit: MAIL_RETRIES }, deliver);

  const queue = async (trx: Kysely<DB>, mail: Mail) => {
    const id = newId();
    await trx
      .insertInto('mail_outbox')
      .values({
        id,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        status: 'queued',
        error: null,
        created_at: nowIso(),
        sent_at: null,
      })
      .execute();
    await jobs.send(MAIL_QUEUE, { mailId: id }, { db: trx });
    metrics.mail('queued');
  };

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail, sendOptions = {}) {
      if (sendOptions.db) return queue(sendOptions.db, mail);
      await db.transaction().execute((trx) => queue(trx, mail));
      jobs.notify(MAIL_QUEUE);
    },
    wake() {
      jobs.notify(MAIL_QUEUE);
    },
    close() {
      transport?.close();
    },
  };
}
