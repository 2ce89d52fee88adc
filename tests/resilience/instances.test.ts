import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/database';
import { LIMIT_REACHED_MESSAGE } from '../../src/shared/playground';
import {
  type Balancer,
  type Instance,
  type SharedDatabase,
  createSharedDatabase,
  startBalancer,
  startInstance,
  stopInstance,
  testGatewayWebhookSecret,
} from './cluster';

/*
 * Issue 10, several instances: two real Promptforge processes on one database (PostgreSQL with
 * TEST_DATABASE_URL, else one SQLite file in WAL mode) and one Redis (TEST_REDIS_URL), behind a
 * round-robin balancer. Sessions, rate limits, playground allowances and payment webhooks must hold
 * across the two processes exactly as they do in one.
 */

const REDIS_URL = process.env.TEST_REDIS_URL;
const JWT_SECRET = crypto.randomBytes(48).toString('base64url');
/** Low enough to reach quickly, high enough for 100 concurrent chats from one address. */
const RATE_LIMIT_MAX = 120;

let shared: SharedDatabase;
let a: Instance;
let b: Instance;
let lb: Balancer;
let db: Database;
let n = 0;
let startedAt = 0;

beforeAll(async () => {
  startedAt = Date.now();
  shared = await createSharedDatabase(process.env.TEST_DATABASE_URL);
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: shared.url,
    DATA_DIR: shared.dataDir,
    JWT_SECRET,
    ...(REDIS_URL ? { REDIS_URL } : {}),
    LOG_LEVEL: 'warn',
    // Behind the balancer: the client address is the first X-Forwarded-For entry.
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
    // The offline demo model, answering at once; the per-user chat rate is not under test here.
    DEMO_MODEL_DELAY_MS: '0',
    PLAYGROUND_RATE_LIMIT: '1000',
    SHUTDOWN_TIMEOUT_MS: '2000',
  };
  // The first process migrates and seeds; the second finds the database ready.
  a = await startInstance('instance A', { ...env, DEMO: 'true' });
  b = await startInstance('instance B', { ...env, DEMO: 'false' });
  lb = await startBalancer([a.url, b.url]);
  db = openDatabase(shared.url, { poolSize: 2 });
}, 90_000);

afterAll(async () => {
  await lb?.close();
  await Promise.all([a, b].filter(Boolean).map((i) => stopInstance(i)));
  await db?.close();
  await shared?.drop();
});

/** A client address of its own for each test, so per-address limits never cross tests or runs. */
const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

interface CallOptions {
  token?: string;
  body?: unknown;
  from?: string;
  headers?: Record<string, string>;
}

async function call(base: string, method: string, url: string, o: CallOptions = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      'x-forwarded-for': o.from ?? address(),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
  });
  const text = await res.text();
  // Every answer of the app is the JSON envelope; anything else (a balancer 502) fails loudly here.
  let json: ReturnType<typeof JSON.parse>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url} answered ${res.status} with: ${text.slice(0, 300)}`);
  }
  return { status: res.status, json };
}

async function signUp(base: string) {
  const email = `multi${n++}.${crypto.randomBytes(4).toString('hex')}@example.test`;
  const res = await call(base, 'POST', '/api/auth/register', {
    body: { name: 'Ines Instance', email, password: 'instance-pass-123' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { token: res.json.data.token as string, id: res.json.data.user.id as string, email };
}

describe('two instances behind a round-robin balancer', () => {
  it('starts both processes on one database and spreads requests over them', async () => {
    const before = [...lb.counts];
    for (let i = 0; i < 4; i++) expect((await call(lb.url, 'GET', '/api/health')).status).toBe(200);
    expect(lb.counts[0]! - before[0]!).toBe(2);
    expect(lb.counts[1]! - before[1]!).toBe(2);
    // The second process did not seed: it sees the first one's demo data through the shared database.
    const plans = await call(b.url, 'GET', '/api/payments/plans');
    expect(plans.json.data.plans.map((p: { name: string }) => p.name)).toEqual([
      'Free',
      'Premium',
      'Business',
    ]);
  });

  it('a token from one instance works on the other', async () => {
    const user = await signUp(a.url);
    const onB = await call(b.url, 'GET', '/api/auth/me', { token: user.token });
    expect(onB.status).toBe(200);
    expect(onB.json.data.user.email).toBe(user.email);
    const signedIn = await call(b.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'instance-pass-123' },
    });
    expect(signedIn.status).toBe(200);
    expect((await call(a.url, 'GET', '/api/auth/me', { token: signedIn.json.data.token })).status).toBe(200);
  });

  it('logout on one instance is honoured by the other at once', async () => {
    const user = await signUp(a.url);
    // Both instances have seen the token live, so a per-process cache would show here.
    expect((await call(a.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    const onA = await call(a.url, 'GET', '/api/auth/me', { token: user.token });
    expect(onA.status).toBe(401);
    expect(onA.json.code).toBe('AUTHENTICATION_ERROR');
    expect((await call(b.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    // Through the balancer, whichever instance answers.
    for (let i = 0; i < 2; i++)
      expect((await call(lb.url, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
  });

  // Without Redis each process keeps its own window: that is what this machine can prove, and the test says
  // so in its name. With TEST_REDIS_URL (as CI's PostgreSQL run sets it) the window is shared.
  const rateLimitTest = REDIS_URL
    ? 'the per-address rate limit is shared between the instances through Redis'
    : 'without Redis each instance keeps its own rate-limit window (set TEST_REDIS_URL to test the shared one)';
  it(rateLimitTest, async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i++) {
      statuses.push((await call(lb.url, 'GET', '/api/payments/plans', { from })).status);
    }
    if (!REDIS_URL) {
      expect(statuses.every((s) => s === 200)).toBe(true);
      return;
    }
    // RATE_LIMIT_MAX requests split evenly over the two processes fill the one shared window...
    expect(statuses.slice(0, RATE_LIMIT_MAX).every((s) => s === 200)).toBe(true);
    // ...so the next request on each process is refused, though each saw only half of them.
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual([429, 429]);
    const direct = await Promise.all([
      call(a.url, 'GET', '/api/payments/plans', { from }),
      call(b.url, 'GET', '/api/payments/plans', { from }),
    ]);
    expect(direct.map((r) => r.status)).toEqual([429, 429]);
    for (const refused of direct)
      expect(refused.json).toMatchObject({ success: false, code: 'RATE_LIMIT_ERROR' });
    // Another address is not affected.
    expect((await call(lb.url, 'GET', '/api/payments/plans')).status).toBe(200);
  });

  it('100 concurrent first messages across both instances against an allowance of 10 grant exactly 10', async () => {
    const user = await signUp(lb.url);
    const from = address();
    const usage = await call(lb.url, 'GET', '/api/playground/usage', { token: user.token, from });
    expect(usage.json.data).toMatchObject({ current: 0, limit: 10, unlimited: false });

    const before = [...lb.counts];
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(lb.url, 'POST', '/api/playground/chat', {
          token: user.token,
          from,
          body: { message: `Hello number ${i}`, model: 'claude' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const unexpected = replies.filter((r) => r.status !== 200 && r.status !== 403);
    expect(unexpected, JSON.stringify(unexpected.slice(0, 3))).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(90);
    for (const refused of replies.filter((r) => r.status === 403)) {
      expect(refused.json.code).toBe('AUTHORIZATION_ERROR');
      expect(refused.json.message).toBe(LIMIT_REACHED_MESSAGE);
    }
    // Each process took half of them: the race really was between the two.
    expect([lb.counts[0]! - before[0]!, lb.counts[1]! - before[1]!]).toEqual([50, 50]);
    const granted = replies.filter((r) => r.status === 200);
    expect(new Set(granted.map((r) => r.json.data.sessionId)).size).toBe(10);

    for (const base of [a.url, b.url]) {
      const after = await call(base, 'GET', '/api/playground/usage', { token: user.token, from });
      expect(after.json.data.current).toBe(10);
    }
    const sessions = await db.db
      .selectFrom('playground_sessions')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(sessions.count)).toBe(10);
  });

  describe('payment webhooks delivered to either instance grant once', () => {
    const secret = testGatewayWebhookSecret(JWT_SECRET);

    async function premiumOrder() {
      const user = await signUp(lb.url);
      const plans = await call(lb.url, 'GET', '/api/payments/plans');
      const premium = plans.json.data.plans.find((p: { name: string }) => p.name === 'Premium');
      const order = await call(lb.url, 'POST', '/api/payments/create-order', {
        token: user.token,
        body: { planId: premium.id },
      });
      expect(order.status, JSON.stringify(order.json)).toBe(200);
      expect(order.json.data.gateway).toBe('test');
      return {
        user,
        orderId: order.json.data.orderId as string,
        amountMinor: order.json.data.amountMinor as number,
        currency: order.json.data.currency as string,
      };
    }

    function signedEvent(
      event: string,
      order: { orderId: string; amountMinor: number; currency: string },
      paymentId: string,
      eventId: string,
    ) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_test',
        event,
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: 'payment',
              order_id: order.orderId,
              amount: order.amountMinor,
              currency: order.currency,
              status: 'captured',
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'x-razorpay-signature': crypto.createHmac('sha256', secret).update(body).digest('hex'),
          'x-razorpay-event-id': eventId,
        },
      };
    }

    const deliver = (base: string, e: { body: string; headers: Record<string, string> }) =>
      call(base, 'POST', '/api/payments/webhook', { body: e.body, headers: e.headers });

    async function grantsOf(userId: string) {
      const subscriptions = await db.db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      const payments = await db.db
        .selectFrom('payments')
        .select(['status', 'granted_at'])
        .where('user_id', '=', userId)
        .execute();
      return { subscriptions: subscriptions.length, payments };
    }

    it('the same event delivered to both instances at once is applied once', async () => {
      const order = await premiumOrder();
      const event = signedEvent('payment.captured', order, `pay_${n++}_multi`, `evt_multi_${n++}`);
      const [onA, onB] = await Promise.all([deliver(a.url, event), deliver(b.url, event)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect([onA.json.data.outcome, onB.json.data.outcome].sort()).toEqual(['applied', 'duplicate']);
      // A later retry, wherever it lands, is a duplicate too.
      for (const base of [a.url, b.url])
        expect((await deliver(base, event)).json.data.outcome).toBe('duplicate');

      const grants = await grantsOf(order.user.id);
      expect(grants.subscriptions).toBe(1);
      expect(grants.payments).toHaveLength(1);
      expect(grants.payments[0]!.status).toBe('captured');
      const me = await call(lb.url, 'GET', '/api/auth/me', { token: order.user.token });
      expect(me.json.data.user.subscription.plan).toBe('Premium');
    });

    it('two events for one payment (captured and order.paid) on different instances grant once', async () => {
      const order = await premiumOrder();
      const paymentId = `pay_${n++}_multi`;
      const captured = signedEvent('payment.captured', order, paymentId, `evt_multi_${n++}`);
      const paid = signedEvent('order.paid', order, paymentId, `evt_multi_${n++}`);
      const outcomes = await Promise.all([deliver(a.url, captured), deliver(b.url, paid)]);
      expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
      expect(outcomes.map((o) => o.json.data.outcome)).toContain('applied');
      expect((await grantsOf(order.user.id)).subscriptions).toBe(1);
    });

    it('a forged webhook is refused by both instances and grants nothing', async () => {
      const order = await premiumOrder();
      const event = signedEvent('payment.captured', order, `pay_${n++}_multi`, `evt_multi_${n++}`);
      const forged = { ...event, headers: { ...event.headers, 'x-razorpay-signature': 'f'.repeat(64) } };
      for (const base of [a.url, b.url]) expect((await deliver(base, forged)).status).toBe(401);
      expect((await grantsOf(order.user.id)).subscriptions).toBe(0);
    });
  });
});

describe('scheduled jobs (decision 047)', () => {
  /** The subscription-expiry jobs both instances' schedules made, and which finished. */
  async function expiries() {
    const table = db.engine === 'postgres' ? sql.table('pgboss.job') : sql.table('jobs');
    const queue = db.engine === 'postgres' ? sql.ref('name') : sql.ref('queue');
    const { rows } = await sql<{ state: string }>`
      select state from ${table} where ${queue} = 'subscription-expiry'`.execute(db.db);
    return rows;
  }

  it('run once a minute across both instances, not once per instance', async () => {
    await expect
      .poll(async () => (await expiries()).filter((j) => j.state === 'completed').length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
    expect((await expiries()).length).toBeLessThanOrEqual(minutes);
  });
});
