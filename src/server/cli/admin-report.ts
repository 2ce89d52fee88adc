import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createMailer } from '../integrations/mail/mailer';
import { adminsWanting } from '../lib/admin-alerts';
import { type ReportPeriod, buildAdminReport, reportMail } from '../modules/admin/settings/report';

/**
 * `npm run admin:report -- --period weekly|monthly`: e-mails a summary of the period (new users,
 * prompts published, revenue, playground sessions) to every admin who turned that report on.
 * Meant for a scheduler (cron, a systemd timer): weekly on Mondays, monthly on the 1st.
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
const mailer = createMailer({ db: database.db, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
try {
  await migrateToLatest(database.db);
  const report = await buildAdminReport(database.db, period as ReportPeriod);
  const mail = reportMail(report, config.publicUrl);
  const admins = await adminsWanting(database.db, period as ReportPeriod);
  let failed = 0;
  for (const admin of admins) {
    try {
      await mailer.send({ to: admin.email, ...mail });
    } catch (err) {
      failed += 1;
      console.error(`Could not send the report to ${admin.email}:`, err instanceof Error ? err.message : err);
    }
  }
  console.log(mail.text);
  console.log(
    `Sent the ${period} report to ${admins.length - failed} admin(s)` +
      (mailer.mode === 'outbox' ? ' (kept in the outbox: no SMTP_URL).' : '.'),
  );
  if (failed) process.exitCode = 1;
} finally {
  mailer.close();
  await database.close();
}
