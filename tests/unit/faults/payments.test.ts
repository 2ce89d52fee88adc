import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_WEBHOOK_SECRET,
  type FakeRazorpay,
  type NextBehaviour,
  razorpayEnv,
  startFakeRazorpay,
} from '../../support/fake-razorpay';
import { insertPrompt } from '../../support/factories';
import { type TestApp, createTestApp } from '../../support/test-app';
import { apiHelpers } from '../../support/api';

/*
 * Payment gateway faults (issue 10: "clear errors, nothing charged or granted twice, nothing lost"),
 * one table over every way Razorpay's REST API can fail, spoken by tests/support/fake-razorpay.ts
 * over real HTTP to the app's own client. For creating an order and for a refund, each fault gives
 * the spec's message and code and a log line; no grant, no half-written payment; and the retry the
 * user (or admin) makes afterwards goes through once, even when the browser's verify and the
 * webhook then race. A refund fault leaves the grant and the creator ledger as they were, and the
 * payment refundable. Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
const h = apiHelpers(() => t);
let fake: FakeRazorpay;
const logs: string[] = [];
let n = 0;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    demo: true,
    env: {
      ...razorpayEnv(fake),
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      RAZORPAY_TIMEOUT_MS: '500',
      LOG_LEVEL: 'warn',
    },
    logStream: { write: (line: string) => void logs.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.next = null;
});

const db = () => t.database.db;

/** Every way the gateway's answer can go wrong. */
const FAULTS: [string, NextBehaviour][] = [
  ['a timeout (no answer)', { kind: 'hang' }],
  ['a 400', { kind: 'status', status: 400 }],
  ['a 401 (keys refused)', { kind: 'status', status: 401 }],
  ['a 429', { kind: 'status', status: 429 }],
  ['a 500', { kind: 'status', status: 500 }],
  ['a 503 with an HTML body', { kind: 'status', status: 503, body: '<html>Service Unavailable</html>' }],
  ['a garbage 200 body', { kind: 'garbage' }],
  ['a connection cut before the headers', { kind: 'reset' }],
  ['a connection cut mid-body', { kind: 'cut' }],
  ['the call done but its answer lost', { kind: 'lost' }],
];

const signUp = (name = 'Gale Gateway') => h.signUp(name);

let admin: string | null = null;
async function adminToken() {
  admin ??= (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: 'admin@promptforge.test', password: 'admin-pass-123' },
    })
  ).json().data.token as string;
  return admin;
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const premiumPlanId = async () =>
  (await db().selectFrom('plans').select('id').where('slug', '=', 'premium').executeTakeFirstOrThrow()).id;

const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: w.body, headers: w.headers });

const capturedEntity = (order: { orderId: string; amountMinor: number }, paymentId: string) => ({
  id: paymentId,
  entity: 'payment',
  order_id: order.orderId,
  amount: order.amountMinor,
  currency: 'USD',
  status: 'captured',
});

function loggedSince(mark: number, msg: string) {
  return logs
    .slice(mark)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.msg === msg);
}

const paymentsOf = (userId: string) =>
  db().selectFrom('payments').selectAll().where('user_id', '=', userId).execute();
const subscriptionsOf = (userId: string) =>
  db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();

describe('creating an order', () => {
  it.each(FAULTS)(
    '%s: "Failed to create order", nothing stored; the retry then grants once while verify and webhooks race',
    async (_label, behaviour) => {
      const u = await signUp();
      const planId = await premiumPlanId();
      fake.next = behaviour;
      const mark = logs.length;

      const res = await call('POST', '/api/payments/create-order', u.token, { planId });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'PAYMENT_ERROR',
        message: 'Failed to create order',
      });
      expect(res.body).not.toMatch(/Fake failure|Service Unavailable|order_/);
      expect(loggedSince(mark, 'payment gateway refused to create an order')).toMatchObject({ userId: u.id });
      expect(await paymentsOf(u.id)).toHaveLength(0);
      expect((await call('GET', '/api/auth/me', u.token)).json().data.user.subscription.plan).toBe('Free');

      // The user tries again; Checkout pays; the browser's verify and Razorpay's webhooks arrive together.
      const retry = await call('POST', '/api/payments/create-order', u.token, { planId });
      expect(retry.statusCode, retry.body).toBe(200);
      const order = retry.json().data as { orderId: string; amountMinor: number };
      const paid = fake.pay(order.orderId);
      const entity = capturedEntity(order, paid.razorpay_payment_id);
      const results = await Promise.all([
        call('POST', '/api/payments/verify', u.token, paid),
        webhook(fake.webhook('payment.captured', { payment: entity })),
        webhook(fake.webhook('order.paid', { payment: entity })),
        call('POST', '/api/payments/verify', u.token, paid),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBe(200);

      const payments = await paymentsOf(u.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ status: 'captured', provider_order_id: order.orderId });
      expect(payments[0]!.granted_at).not.toBeNull();
      expect(await subscriptionsOf(u.id)).toHaveLength(1);
      expect((await call('GET', '/api/auth/me', u.token)).json().data.user.subscription.plan).toBe('Premium');
    },
  );

  it('a payment the card network declines stays ungranted with its reason, and the same order can still be paid', async () => {
    const u = await signUp();
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await premiumPlanId() })
    ).json().data as { orderId: string; amountMinor: number };
    // Until Razorpay says anything, the order is kept as pending.
    expect((await paymentsOf(u.id))[0]).toMatchObject({ status: 'created', granted_at: null });

    const declined = { ...capturedEntity(order, `pay_declined_${n++}`), status: 'failed' };
    await webhook(
      fake.webhook('payment.failed', {
        payment: { ...declined, error_description: 'Card declined by issuer' },
      }),
    );
    expect((await paymentsOf(u.id))[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'Card declined by issuer',
      granted_at: null,
    });
    expect(await subscriptionsOf(u.id)).toHaveLength(0);

    const paid = fake.pay(order.orderId);
    expect((await call('POST', '/api/payments/verify', u.token, paid)).statusCode).toBe(200);
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
  });

  it('a webhook whose body is not JSON (signature valid) is refused and grants nothing', async () => {
    const u = await signUp();
    const order = (
      await call('POST', '/api/payments/create-order', u.token, { planId: await premiumPlanId() })
    ).json().data as { orderId: string; amountMinor: number };
    const good = fake.webhook('payment.captured', { payment: capturedEntity(order, `pay_g_${n++}`) });
    // Cut short in transit, then signed as it arrived: authentic, but not an event.
    const body = good.body.slice(0, 40);
    const res = await webhook({
      body,
      headers: {
        ...good.headers,
        'x-razorpay-signature': createHmac('sha256', FAKE_WEBHOOK_SECRET).update(body).digest('hex'),
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await subscriptionsOf(u.id)).toHaveLength(0);
    expect((await paymentsOf(u.id))[0]).toMatchObject({ status: 'created', granted_at: null });
  });
});

describe('refunding a premium prompt purchase', () => {
  async function purchase() {
    const author = await signUp('Cora Creator');
    const prompt = await insertPrompt(db(), author.id, {
      type: 'premium',
      price_minor: 1500,
      status: 'published',
      content: 'Premium instructions only buyers may read, about {{topic}}.',
    });
    const buyer = await signUp();
    const order = (
      await call('POST', '/api/payments/create-order', buyer.token, { promptId: prompt.id })
    ).json().data as { orderId: string; amountMinor: number };
    const paid = fake.pay(order.orderId);
    const verified = await call('POST', '/api/payments/verify', buyer.token, paid);
    expect(verified.statusCode, verified.body).toBe(200);
    return { author, prompt, buyer, paymentId: verified.json().data.paymentId as string, paid };
  }

  const access = async (token: string, promptId: string) =>
    (await call('GET', `/api/marketplace/prompts/${promptId}`, token)).json().data.access.reason;
  const ledger = async (creatorId: string) =>
    (
      await db()
        .selectFrom('creator_earnings')
        .select(['kind', 'amount_minor'])
        .where('creator_id', '=', creatorId)
        .orderBy('created_at')
        .execute()
    ).map((l) => [l.kind, l.amount_minor]);
  const refund = async (paymentId: string) =>
    call('POST', `/api/admin/payments/${paymentId}/refund`, await adminToken(), { reason: 'Fault suite' });

  it.each(FAULTS)(
    '%s: a clear error; the purchase, the ledger and the refundable payment stay as they were; a retry refunds once',
    async (_label, behaviour) => {
      const { author, prompt, buyer, paymentId, paid } = await purchase();
      expect(await ledger(author.id)).toEqual([['sale', 1200]]);
      fake.next = behaviour;
      const mark = logs.length;

      const res = await refund(paymentId);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'PAYMENT_ERROR',
        message: 'The payment gateway could not refund this payment. Please try again.',
      });
      expect(loggedSince(mark, 'gateway refund failed')).toMatchObject({ paymentId });
      expect(await access(buyer.token, prompt.id)).toBe('purchased');
      expect(await ledger(author.id)).toEqual([['sale', 1200]]);
      const listed = (
        await call('GET', `/api/admin/payments?search=${paid.razorpay_order_id}`, await adminToken())
      ).json().data.payments[0];
      expect(listed).toMatchObject({ status: 'captured', refundable: true });

      const refundsAtGateway = () => fake.refunds.filter((r) => r.payment_id === paid.razorpay_payment_id);
      if (behaviour.kind === 'lost') {
        // Razorpay did refund: a retry is told so (and refunds nothing more); its refund.processed
        // webhook then settles the payment, once.
        expect(refundsAtGateway()).toHaveLength(1);
        expect((await refund(paymentId)).statusCode).toBe(502);
        expect(refundsAtGateway()).toHaveLength(1);
        const r = refundsAtGateway()[0]!;
        const settled = await webhook(
          fake.webhook('refund.processed', {
            refund: { id: r.id, payment_id: r.payment_id, amount: r.amount },
          }),
        );
        expect(settled.json().data.outcome).toBe('applied');
      } else {
        expect(refundsAtGateway()).toHaveLength(0);
        const retry = await refund(paymentId);
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.json().data.payment).toMatchObject({ status: 'refunded', refundable: false });
      }

      expect(refundsAtGateway()).toHaveLength(1);
      expect(await access(buyer.token, prompt.id)).toBe('locked');
      expect(await ledger(author.id)).toEqual([
        ['sale', 1200],
        ['refund', -1200],
      ]);
      // Asking again answers the refunded payment and changes nothing.
      expect((await refund(paymentId)).json().data.payment.status).toBe('refunded');
      expect(await ledger(author.id)).toHaveLength(2);
      expect(refundsAtGateway()).toHaveLength(1);
    },
  );
});
