import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeRazorpay } from '../../../../tests/support/fake-razorpay';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { type TestApp } from '../../../../tests/support/test-app';

/*
 * Razorpay's webhook: signed, de-duplicated, forward-only, and granting a buyer who never came back.
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

const { db, signUp, call, planId, webhook, subscriptionsOf } = billingHelpers(() => t);

describe('webhooks', () => {
  async function orderFor(u: { token: string }, slug = 'premium') {
    return (await call('POST', '/api/payments/create-order', u.token, { planId: await planId(slug) })).json()
      .data as {
      orderId: string;
      amountMinor: number;
    };
  }
  const paymentEntity = (
    order: { orderId: string; amountMinor: number },
    id = `pay_wh_${n++}`,
    status = 'captured',
  ) => ({
    id,
    entity: 'payment',
    order_id: order.orderId,
    amount: order.amountMinor,
    currency: 'USD',
    status,
  });

  it('grants a buyer who closed the tab, once, even when the event is delivered twice', async () => {
    const u = await signUp();
    const order = await orderFor(u);
    const event = fake.webhook(
      'payment.captured',
      { payment: paymentEntity(order) },
      { eventId: `evt_dup_${n++}` },
    );
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.outcome).toBe('applied');
    const second = await webhook(event);
    expect(second.json().data.outcome).toBe('duplicate');
    const order2 = fake.webhook('order.paid', {
      payment: paymentEntity(order),
      order: { id: order.orderId, status: 'paid' },
    });
    expect((await webhook(order2)).json().data.outcome).toBe('ignored');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    expect((await call('GET', '/api/auth/me', u.token)).json().data.user.subscription.plan).toBe('Premium');
  });

  it('refuses a bad signature and grants nothing', async () => {
    const u = await signUp();
    const order = await orderFor(u);
    const forged = fake.webhook(
      'payment.captured',
      { payment: paymentEntity(order) },
      { secret: 'not-the-secret' },
    );
    const res = await webhook(forged);
    expect(res.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: forged.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    // The body changed after signing (a different amount): the signature no longer matches.
    const good = fake.webhook('payment.captured', { payment: paymentEntity(order) });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: good.body.replace(String(order.amountMinor), '1'),
      headers: good.headers,
    });
    expect(tampered.statusCode).toBe(401);
    expect(await subscriptionsOf(u.id)).toHaveLength(0);
  });

  it('moves payments only forward: a late "authorized" or "failed" never undoes a capture', async () => {
    const u = await signUp();
    const order = await orderFor(u);
    const id = `pay_ooo_${n++}`;
    await webhook(fake.webhook('payment.captured', { payment: paymentEntity(order, id) }));
    await webhook(fake.webhook('payment.authorized', { payment: paymentEntity(order, id, 'authorized') }));
    await webhook(
      fake.webhook('payment.failed', {
        payment: { ...paymentEntity(order, id, 'failed'), error_description: 'late' },
      }),
    );
    const stored = await db()
      .selectFrom('payments')
      .selectAll()
      .where('provider_order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('captured');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
  });

  it('does not grant when the paid amount differs from the order', async () => {
    const u = await signUp();
    const order = await orderFor(u);
    await webhook(fake.webhook('payment.captured', { payment: { ...paymentEntity(order), amount: 100 } }));
    expect(await subscriptionsOf(u.id)).toHaveLength(0);
  });

  it('grants once when the browser and the webhook arrive together', async () => {
    const u = await signUp();
    const order = await orderFor(u);
    const paid = fake.pay(order.orderId);
    const results = await Promise.all([
      call('POST', '/api/payments/verify', u.token, paid),
      webhook(fake.webhook('payment.captured', { payment: paymentEntity(order, paid.razorpay_payment_id) })),
      call('POST', '/api/payments/verify', u.token, paid),
      webhook(fake.webhook('order.paid', { payment: paymentEntity(order, paid.razorpay_payment_id) })),
    ]);
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    const activity = await db()
      .selectFrom('activity_events')
      .select('id')
      .where('subject_id', '=', results[0].json().data.paymentId)
      .execute();
    expect(activity).toHaveLength(1);
  });
});
