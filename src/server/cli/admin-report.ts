import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createMailer } from '../integrations/mail/mailer';
import { createJobRunner } from '../jobs';
import { type ReportPeriod, sendAdminReport } from '../modules/admin/settings/report';

/**
 * `npm run admin:report -- --period weekly|monthly`: e-mails a summary of the period (new users,
 * prompts published, revenue, playground sessions) to every admin who turned that report on, now.
 * The server sends both on their schedule (weekly on Mondays, monthly on the 1st); this is for an
 * extra one. The mails go out through the job queue before the command ends.
 */
const { values } = parseArgs({ options: { period: { type: 'string' } } });
const period = values.period;
if (period !== 'weekly' && period !== 'monthly') {
  console.error('Usage: npm run admin:report -- --period weekly|monthly');
  process.exit(2);
}

const config = loadConfig();
const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
const database = openDatabase(config.databaseUrl);
const jobs = createJobRunner(database, config.jobs, log);
const mailer = createMailer({
  db: database.db,
  jobs,
  log,
  smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : null,
  from: config.mailFrom,
});
try {
  await migrateToLatest(database.db);
  const { mail, admins } = await sendAdminReport(
    { db: database.db, mailer, publicUrl: config.publicUrl },
    period as ReportPeriod,
  );
  await jobs.start();
  jobs.notify('mail-send');
  // Delivers what is due (these mails among them) before leaving; a failed one stays queued.
  await jobs.stop(30_000);
  console.log(mail.text);
  console.log(
    `Sent the ${period} report to ${admins} admin(s)` +
      (mailer.mode === 'outbox' ? ' (kept in the outbox: MAIL_TRANSPORT=log).' : '.'),
  );
} finally {
  await jobs.stop();
  mailer.close();
  await database.close();
}
