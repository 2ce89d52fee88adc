import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay } from '../../../../tests/support/fake-razorpay';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { type TestApp } from '../../../../tests/support/test-app';

/*
 * Subscriptions over time: expiry back to Free, cancel and resume, the one trial.
 * Runs on SQLite and (with TEST_DATABASE_URL) PostgreSQL, against a fake Razorpay that speaks the
 * real API (tests/support/billing.ts). Gateway faults are in tests/unit/faults/payments.test.ts.
 */

let t: TestApp;
let fake: FakeRazorpay;

beforeAll(async () => {
  ({ t, fake } = await startBillingApp());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.next = null;
});

const { db, signUp, call, planId, subscriptionsOf } = billingHelpers(() => t);

describe('subscriptions over time', () => {
  it('falls back to Free when the period ends without renewal', async () => {
    const u = await signUp();
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await planId('premium') })
    ).json().data;
    await call('POST', '/api/payments/verify', u.token, fake.pay(order.orderId));
    await db()
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    expect((await call('GET', '/api/auth/me', u.token)).json().data.user.subscription.plan).toBe('Free');
    expect((await call('GET', '/api/playground/usage', u.token)).json().data.unlimited).toBe(false);
    const overview = (await call('GET', '/api/payments/me', u.token)).json().data;
    expect(overview.plan.name).toBe('Free');
    expect(overview.subscription).toBeNull();
  });

  it('cancel keeps the plan to the period end; resume undoes it', async () => {
    const u = await signUp();
    expect((await call('POST', '/api/payments/subscription/cancel', u.token)).statusCode).toBe(404);
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await planId('business') })
    ).json().data;
    await call('POST', '/api/payments/verify', u.token, fake.pay(order.orderId));
    const canceled = (await call('POST', '/api/payments/subscription/cancel', u.token)).json().data;
    expect(canceled.plan.name).toBe('Business');
    expect(canceled.subscription.canceledAt).not.toBeNull();
    expect(Date.parse(canceled.subscription.periodEnd)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect((await call('GET', '/api/auth/me', u.token)).json().data.user.subscription.plan).toBe('Business');
    const resumed = await call('POST', '/api/payments/subscription/resume', u.token);
    expect(resumed.json().data.subscription.canceledAt).toBeNull();
    // Nothing renews by itself: neither answer promises a renewal (issue 51).
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(canceled.subscription.periodEnd),
    );
    expect(resumed.json().message).toBe(
      `Your Business plan is active until ${until}. Nothing renews by itself: after that you are on Free.`,
    );
    expect(resumed.json().message).not.toMatch(/renew\b/);
  });

  it('gives one 14-day Premium trial per account, without a card', async () => {
    const u = await signUp();
    expect((await call('GET', '/api/payments/me', u.token)).json().data.trialAvailable).toBe(true);
    const res = await call('POST', '/api/payments/trial', u.token);
    expect(res.statusCode).toBe(200);
    const trial = res.json().data;
    expect(trial).toMatchObject({
      plan: { name: 'Premium' },
      subscription: { status: 'trialing' },
      trialAvailable: false,
    });
    const days = (Date.parse(trial.subscription.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect((await call('GET', '/api/playground/usage', u.token)).json().data.unlimited).toBe(true);
    // Even after the trial is canceled and over, a second one is refused.
    await db()
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const second = await call('POST', '/api/payments/trial', u.token);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('You have already used your free trial.');
  });

  it('two trial requests at once start one trial', async () => {
    const u = await signUp();
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/payments/trial', u.token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
  });
});
