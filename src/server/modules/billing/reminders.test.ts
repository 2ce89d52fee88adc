import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertSubscription, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { nowIso } from '../../lib/time';
import { REMINDER_QUEUE } from './reminders';

/*
 * Renewal reminders (issue 58), through the app's own job: a paid period or a trial ending within
 * three days is mailed about once, a cancelled, expired or distant one is not, two runs at once send
 * one mail, and a renewed period is reminded of again when its new end comes near.
 */

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function premiumPlan() {
  const now = nowIso();
  const id = crypto.randomUUID();
  await t.database.db
    .insertInto('plans')
    .values({
      id,
      slug: `premium-${id}`,
      name: 'Premium',
      price_monthly_minor: 1900,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function subscriber(
  email: string,
  planId: string,
  overrides: Parameters<typeof insertSubscription>[3],
) {
  const user = await insertUser(t.database.db, { email, name: email.split('@')[0] });
  return insertSubscription(t.database.db, user.id, planId, overrides);
}

/** Runs the reminder job `times` times at once and waits for every run to finish. */
async function runReminders(times = 1) {
  const ids = await Promise.all(Array.from({ length: times }, () => t.app.jobs.send(REMINDER_QUEUE, {})));
  await expect
    .poll(async () => {
      const jobs = await t.app.jobs.list({ limit: 100 });
      return ids.every((id) => jobs.find((j) => j.id === id)?.state === 'completed');
    })
    .toBe(true);
}

const mailsTo = (email: string) =>
  t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .execute();

it('mails each period ending within three days once, and nothing else', async () => {
  const plan = await premiumPlan();
  await subscriber('ending@example.test', plan, { current_period_end: inDays(2) });
  await subscriber('trial@example.test', plan, { status: 'trialing', current_period_end: inDays(1) });
  await subscriber('distant@example.test', plan, { current_period_end: inDays(10) });
  await subscriber('cancelled@example.test', plan, { current_period_end: inDays(2), canceled_at: nowIso() });
  await subscriber('expired@example.test', plan, { status: 'expired', current_period_end: inDays(2) });

  await runReminders(2);
  await runReminders();

  const ending = await mailsTo('ending@example.test');
  expect(ending).toHaveLength(1);
  expect(ending[0]!.subject).toMatch(/^Your Premium plan ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  expect(ending[0]!.text_body).toContain('Plans do not renew by themselves');
  expect(ending[0]!.text_body).toContain('/pricing');
  const trial = await mailsTo('trial@example.test');
  expect(trial).toHaveLength(1);
  expect(trial[0]!.subject).toMatch(/^Your Premium trial ends on /);
  for (const email of ['distant@example.test', 'cancelled@example.test', 'expired@example.test'])
    expect(await mailsTo(email)).toEqual([]);
});

it('reminds a renewed period again when its new end comes near', async () => {
  const plan = await premiumPlan();
  const sub = await subscriber('renewer@example.test', plan, { current_period_end: inDays(2) });
  await runReminders();
  expect(await mailsTo('renewer@example.test')).toHaveLength(1);

  // Paid for the next month: nothing until its end is three days away.
  const next = new Date(Date.parse(sub.current_period_end!) + 30 * DAY).toISOString();
  await t.database.db
    .updateTable('subscriptions')
    .set({ current_period_end: next })
    .where('id', '=', sub.id)
    .execute();
  await runReminders();
  expect(await mailsTo('renewer@example.test')).toHaveLength(1);

  await t.database.db
    .updateTable('subscriptions')
    .set({ current_period_end: inDays(2.5) })
    .where('id', '=', sub.id)
    .execute();
  await runReminders();
  expect(await mailsTo('renewer@example.test')).toHaveLength(2);
});
