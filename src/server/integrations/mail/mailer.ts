import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/types';
import { newId, nowIso } from '../../lib/time';

/*
 * Outgoing mail. With SMTP_URL set, mail goes through nodemailer to that server; without it, it goes
 * to the outbox (the mail_outbox table, also written to the server log) where a developer reads it
 * with `npm run mail:outbox`. Every message is recorded in mail_outbox either way, with its status.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' when real mail leaves the machine; 'outbox' for the offline default. */
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  smtpUrl: string | null;
  from: string;
}): Mailer {
  const { db, log, smtpUrl, from } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  const record = async (mail: Mail, status: string, error: string | null) => {
    await db
      .insertInto('mail_outbox')
      .values({
        id: newId(),
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html ?? null,
        status,
        error,
        created_at: nowIso(),
        sent_at: status === 'sent' ? nowIso() : null,
      })
      .execute();
  };

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail) {
      if (!transport) {
        log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail kept in the outbox (no SMTP_URL)',
        );
        await record(mail, 'outbox', null);
        return;
      }
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await record(mail, 'sent', null);
      } catch (err) {
        log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
        await record(mail, 'failed', err instanceof Error ? err.message : String(err));
        throw err;
      }
    },
    close() {
      transport?.close();
    },
  };
}
