import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';
import type { Mailer } from '../../../integrations/mail/mailer';
import { adminsWanting } from './alerts';
import { fromMinor } from '../../../lib/money';
import { reportFigures } from './repository';

export type ReportPeriod = 'weekly' | 'monthly';

const PERIOD_DAYS: Record<ReportPeriod, number> = { weekly: 7, monthly: 30 };

export interface AdminReport {
  period: ReportPeriod;
  since: string;
  until: string;
  newUsers: number;
  promptsPublished: number;
  playgroundSessions: number;
  revenue: { currency: string; minor: number }[];
}

/** Platform figures over the last 7 (weekly) or 30 (monthly) days up to `now`. */
export async function buildAdminReport(
  db: Kysely<DB>,
  period: ReportPeriod,
  now = new Date(),
): Promise<AdminReport> {
  const until = now.toISOString();
  const since = new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000).toISOString();
  return { period, since, until, ...(await reportFigures(db, since, until)) };
}

const money = (minor: number, currency: string) =>
  `${fromMinor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** The report as an e-mail. */
export function reportMail(report: AdminReport, publicUrl: string) {
  const label = report.period === 'weekly' ? 'Weekly' : 'Monthly';
  const day = (iso: string) => iso.slice(0, 10);
  const revenue = report.revenue.length
    ? report.revenue.map((r) => money(r.minor, r.currency)).join(', ')
    : '0.00';
  return {
    subject: `${label} Promptforge report: ${day(report.since)} to ${day(report.until)}`,
    text:
      `${label} summary of Promptforge from ${report.since} to ${report.until} (UTC).\n\n` +
      `New users: ${report.newUsers}\n` +
      `Prompts published: ${report.promptsPublished}\n` +
      `Revenue (net of refunds): ${revenue}\n` +
      `Playground sessions: ${report.playgroundSessions}\n\n` +
      `Dashboard: ${publicUrl}/admin/dashboard\n\n` +
      `You get this e-mail because ${report.period} reports are on in your admin notification settings.\n`,
  };
}

/**
 * Builds the period's report and queues it to every admin who turned it on: the scheduled jobs
 * (weekly on Mondays, monthly on the 1st, decision 047) and `npm run admin:report` call it.
 */
export async function sendAdminReport(
  deps: { db: Kysely<DB>; mailer: Mailer; publicUrl: string },
  period: ReportPeriod,
) {
  const mail = reportMail(await buildAdminReport(deps.db, period), deps.publicUrl);
  const admins = await adminsWanting(deps.db, period);
  await deps.db.transaction().execute(async (trx) => {
    for (const admin of admins) await deps.mailer.send({ to: admin.email, ...mail }, { db: trx });
  });
  return { mail, admins: admins.length };
}

/** The report jobs and when they run (UTC). */
export const REPORT_SCHEDULES: Record<ReportPeriod, { queue: string; cron: string }> = {
  weekly: { queue: 'admin-report-weekly', cron: '0 6 * * 1' },
  monthly: { queue: 'admin-report-monthly', cron: '0 6 1 * *' },
};
