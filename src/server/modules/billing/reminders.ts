import type { BillingDeps } from './deps';
import { DAY_MS } from './deps';

/*
 * Renewal reminders (issue 58). Nothing renews by itself (subscriptions.ts), so a paid period or a
 * trial that is about to end is worth a mail: REMIND_DAYS before its end, once per period. A
 * subscription the user cancelled is not reminded of (they chose to let it end). The mail is queued
 * in the transaction that records the period as reminded (`reminded_for`, migration 0027), so two
 * instances running the job at once send it once, and a renewed period (a new end) is reminded of
 * again.
 */

export const REMIND_DAYS = 3;
export const REMINDER_QUEUE = 'renewal-reminders';
/** Every day at 09:00 UTC: each period's three-day window holds three runs. */
export const REMINDER_CRON = '0 9 * * *';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Mails every subscription ending within REMIND_DAYS that has not been reminded of this period. */
export async function remindRenewals(deps: BillingDeps, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + REMIND_DAYS * DAY_MS).toISOString();
  const due = await deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['s.id', 's.status', 's.current_period_end', 'u.name', 'u.email', 'p.name as plan'])
    .where('s.status', 'in', ['active', 'trialing'])
    .where('s.canceled_at', 'is', null)
    .where('s.current_period_end', '>', now.toISOString())
    .where('s.current_period_end', '<=', until)
    .where((eb) =>
      eb.or([eb('s.reminded_for', 'is', null), eb('s.reminded_for', '<>', eb.ref('s.current_period_end'))]),
    )
    .execute();
  let sent = 0;
  for (const s of due) {
    const end = s.current_period_end!;
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('subscriptions')
        .set({ reminded_for: end })
        .where('id', '=', s.id)
        .where('current_period_end', '=', end)
        .where((eb) => eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '<>', end)]))
        .executeTakeFirst();
      if (Number(numUpdatedRows) !== 1) return false;
      await deps.mailer.send(reminderMail(deps.publicUrl, { ...s, end }), { db: trx });
      return true;
    });
    if (claimed) sent++;
  }
  if (sent > 0) deps.mailer.wake();
  return sent;
}

function reminderMail(
  publicUrl: string,
  s: { name: string; email: string; plan: string; status: string; end: string },
) {
  const date = longDate.format(new Date(s.end));
  const trial = s.status === 'trialing';
  const what = trial ? `Your ${s.plan} trial` : `Your ${s.plan} plan`;
  const next = trial
    ? `To keep what ${s.plan} gives you, choose a plan before then: ${publicUrl}/pricing`
    : `Plans do not renew by themselves. To keep ${s.plan}, pay for the next period before then: ${publicUrl}/pricing`;
  return {
    to: s.email,
    subject: `${what} ends on ${date}`,
    text: `Hi ${s.name},\n\n${what} on Promptforge ends on ${date}. After that your account is on the Free plan.\n\n${next}\n\nYour billing: ${publicUrl}/settings\n`,
  };
}
