import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay, FAKE_KEY_ID } from '../../../../tests/support/fake-razorpay';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/*
 * Checkout: the plans, orders priced by the server, verify, the admins' payment alert, the test
 * gateway without keys, and the pages' policy for Razorpay Checkout.
 * Runs on SQLite and (with TEST_DATABASE_URL) PostgreSQL, against a fake Razorpay that speaks the
 * real API (tests/support/billing.ts). Gateway faults are in tests/unit/faults/payments.test.ts.
 */

let t: TestApp;
let fake: FakeRazorpay;
let n = 0;

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

describe('plans', () => {
  it('lists the visible active plans with prices in minor and major units, on both paths', async () => {
    for (const url of ['/api/payments/plans', '/api/payment/plans']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      const plans = res.json().data.plans;
      expect(plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium', 'Business']);
      expect(plans[1]).toMatchObject({
        price: { monthly: 19, yearly: 182.4 },
        priceMinor: { monthly: 1900, yearly: 18240 },
        currency: 'USD',
        limits: { playgroundSessions: -1 },
        metadata: { popular: true, icon: 'crown' },
        annualSavingPercent: 20,
      });
      expect(plans[0].limits.playgroundSessions).toBe(10);
      // The sessions are a limit the cards write from the data (issue 59), not a feature's text.
      expect(plans[1].features).toEqual([{ name: 'Everything in Free', included: true }]);
      expect(plans.map((p: { limits: { apiAccess: boolean } }) => p.limits.apiAccess)).toEqual([
        false,
        false,
        true,
      ]);
    }
  });

  it('hides plans an admin deactivated', async () => {
    const id = await planId('business');
    await db().updateTable('plans').set({ is_active: 0 }).where('id', '=', id).execute();
    const res = await call('GET', '/api/payments/plans');
    expect(res.json().data.plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium']);
    await db().updateTable('plans').set({ is_active: 1 }).where('id', '=', id).execute();
  });
});

describe('checkout of a plan', () => {
  it('says a paid plan without an annual price is billed monthly, not that the buyer is on Free', async () => {
    const id = await planId('business');
    const before = await db()
      .selectFrom('plans')
      .select('price_yearly_minor')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db().updateTable('plans').set({ price_yearly_minor: 0 }).where('id', '=', id).execute();
    const u = await signUp();
    const res = await call('POST', '/api/payments/create-order', u.token, { planId: id, billing: 'annual' });
    await db().updateTable('plans').set(before).where('id', '=', id).execute();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This plan has no annual price: choose monthly billing.');
  });

  it('prices the order from the database, whatever amount the client sends', async () => {
    const u = await signUp();
    const res = await call('POST', '/api/payments/create-order', u.token, {
      planId: await planId('premium'),
      billing: 'annual',
      amount: 1,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      gateway: 'razorpay',
      testMode: false,
      keyId: FAKE_KEY_ID,
      amountMinor: 18240,
      amount: 182.4,
      currency: 'USD',
      prefill: { name: 'Bea Buyer', email: u.email },
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    const sent = fake.orders.find((o) => o.id === order.orderId)!;
    expect(sent.amount).toBe(18240);
    expect(sent.currency).toBe('USD');
    expect(sent.receipt.length).toBeLessThanOrEqual(40);
    const stored = await db()
      .selectFrom('payments')
      .selectAll()
      .where('provider_order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: u.id,
      status: 'created',
      amount_minor: 18240,
      billing: 'annual',
      granted_at: null,
    });
  });

  it('grants the plan once on a verified payment; a replayed verify grants nothing more', async () => {
    const u = await signUp();
    const order = (
      await call('POST', '/api/payments/create-order', u.token, {
        planId: await planId('premium'),
        billing: 'monthly',
      })
    ).json().data;
    const paid = fake.pay(order.orderId);
    const first = await call('POST', '/api/payments/verify', u.token, paid);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Welcome to Premium plan! Your subscription is now active.');
    expect(first.json().data).toMatchObject({
      status: 'captured',
      grant: { kind: 'subscription', planName: 'Premium', billing: 'monthly' },
    });
    const again = await call('POST', '/api/payments/verify', u.token, paid);
    expect(again.statusCode).toBe(200);
    const subs = await subscriptionsOf(u.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'active', billing: 'monthly' });
    const me = (await call('GET', '/api/auth/me', u.token)).json().data.user;
    expect(me.subscription.plan).toBe('Premium');
    const usage = (await call('GET', '/api/playground/usage', u.token)).json().data;
    expect(usage.unlimited).toBe(true);
    const overview = (await call('GET', '/api/payments/me', u.token)).json().data;
    expect(overview).toMatchObject({
      plan: { name: 'Premium' },
      subscription: { status: 'active', canceledAt: null },
      trialAvailable: false,
    });
    const history = (await call('GET', '/api/payments/history', u.token)).json().data.payments;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      description: 'Premium plan, billed monthly',
      amount: 19,
      status: 'captured',
    });
  });

  it("refuses a tampered signature, another user's order and an unknown order, granting nothing", async () => {
    const u = await signUp();
    const other = await signUp('Otto Other');
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await planId('premium') })
    ).json().data;
    const paid = fake.pay(order.orderId);
    const cases = [
      [
        u.token,
        {
          ...paid,
          razorpay_signature: paid.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        },
      ],
      [u.token, { ...paid, razorpay_signature: 'short' }],
      [u.token, fake.pay(order.orderId, 'a-guessed-secret')],
      [other.token, paid],
      [u.token, fake.pay('order_does_not_exist')],
    ] as const;
    for (const [token, body] of cases) {
      const res = await call('POST', '/api/payments/verify', token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_ERROR', message: 'Payment verification failed' });
    }
    expect(await subscriptionsOf(u.id)).toHaveLength(0);
    expect(await subscriptionsOf(other.id)).toHaveLength(0);
  });

  it("answers the spec's messages for a free plan, an unknown plan and a signed-out caller", async () => {
    const u = await signUp();
    const free = await call('POST', '/api/payments/create-order', u.token, { planId: await planId('free') });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('Already on Free Plan');
    const unknown = await call('POST', '/api/payments/create-order', u.token, { planId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Plan not found');
    const anonymous = await call('POST', '/api/payments/create-order', undefined, {
      planId: await planId('premium'),
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await call('POST', '/api/payments/create-order', u.token, {
      planId: await planId('premium'),
      billing: 'weekly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('payment alerts', () => {
  it('e-mails the admins who want payment alerts, once per payment', async () => {
    const u = await signUp('Alma Alert');
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await planId('premium') })
    ).json().data;
    const paid = fake.pay(order.orderId);
    await call('POST', '/api/payments/verify', u.token, paid);
    await call('POST', '/api/payments/verify', u.token, paid);
    const alerts = async () =>
      (
        await db()
          .selectFrom('mail_outbox')
          .selectAll()
          .where('subject', '=', 'Payment received: $19.00')
          .execute()
      ).filter((m) => m.text_body.includes(u.email));
    await expect.poll(async () => (await alerts()).length).toBe(1);
    const [mail] = await alerts();
    expect(mail!.to_address).toBe('admin@promptforge.test');
    expect(mail!.text_body).toContain('Premium');
  });
});
describe('the test gateway (no keys)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
  });
  afterAll(() => local.close());

  const lcall = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    local.app.inject({
      method,
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('signs a success exactly like Razorpay, so the same verify grants it; a failure grants nothing', async () => {
    const reg = await lcall('POST', '/api/auth/register', undefined, {
      name: 'Tess Tester',
      email: `tess${n++}@example.test`,
      password: 'tester-pass-123',
    });
    const token = reg.json().data.token as string;
    const plan = (await lcall('GET', '/api/payments/plans')).json().data.plans[1];
    const failing = (await lcall('POST', '/api/payments/create-order', token, { planId: plan.id })).json()
      .data;
    expect(failing).toMatchObject({ gateway: 'test', testMode: true, checkoutScriptUrl: null });
    const declined = await lcall('POST', '/api/payments/test-gateway/pay', token, {
      orderId: failing.orderId,
      outcome: 'fail',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_ERROR');
    expect((await lcall('GET', '/api/auth/me', token)).json().data.user.subscription.plan).toBe('Free');
    expect((await lcall('GET', '/api/payments/history', token)).json().data.payments[0].status).toBe(
      'failed',
    );

    const order = (await lcall('POST', '/api/payments/create-order', token, { planId: plan.id })).json().data;
    const signed = (
      await lcall('POST', '/api/payments/test-gateway/pay', token, {
        orderId: order.orderId,
        outcome: 'succeed',
      })
    ).json().data;
    const verified = await lcall('POST', '/api/payments/verify', token, signed);
    expect(verified.statusCode).toBe(200);
    expect((await lcall('GET', '/api/auth/me', token)).json().data.user.subscription.plan).toBe('Premium');
    // Another user cannot pay this order through the dialog.
    const other = (
      await lcall('POST', '/api/auth/register', undefined, {
        name: 'Oz Other',
        email: `oz${n++}@example.test`,
        password: 'tester-pass-123',
      })
    ).json().data.token;
    expect(
      (
        await lcall('POST', '/api/payments/test-gateway/pay', other, {
          orderId: order.orderId,
          outcome: 'succeed',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is not there when Razorpay is configured', async () => {
    const u = await signUp();
    const res = await call('POST', '/api/payments/test-gateway/pay', u.token, {
      orderId: 'order_x',
      outcome: 'succeed',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('content security policy', () => {
  it("allows Razorpay Checkout's script and frames only when Razorpay is configured", async () => {
    // The pages' policy: Checkout runs in a page, and API answers load nothing (decision 029).
    const withKeys = (await call('GET', '/pricing')).headers['content-security-policy'] as string;
    expect(withKeys).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(withKeys).toMatch(/frame-src [^;]*https:\/\/checkout\.razorpay\.com/);
    const local = await createTestApp({ demo: false });
    try {
      const without = (await local.app.inject({ method: 'GET', url: '/pricing' })).headers[
        'content-security-policy'
      ] as string;
      expect(without).toContain("script-src 'self';");
      expect(without).not.toContain('razorpay');
    } finally {
      await local.close();
    }
  });
});
