import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../../../tests/support/factories';
import { apiHelpers } from '../../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { newId, nowIso } from '../../../lib/time';

/* Admin plans on both engines: roles, validation, the older input shapes, figures, deletes, allowance. */

let t: TestApp;
let admin: { token: string; id: string; email: string };
let user: { token: string; id: string };

const { call, signUp, signInAdmin } = apiHelpers(() => t);

const valid = {
  name: '  Studio  ',
  description: '  For small studios.  ',
  price: { monthly: 29, yearly: 278.4 },
  features: [
    { name: 'Everything in Free', included: true },
    { name: '   ', included: true },
    'Priority support',
  ],
  metadata: { popular: true, order: 3 },
  isActive: true,
  isVisible: true,
};

async function createPlan(body: object = valid) {
  const res = await call('POST', '/api/admin/plans', admin.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.plan as { id: string; [k: string]: unknown };
}

async function subscribe(planId: string, userId: string, status = 'active', periodEnd: string | null = null) {
  await t.database.db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      user_id: userId,
      plan_id: planId,
      status,
      billing: 'monthly',
      current_period_start: nowIso(),
      current_period_end: periodEnd,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', PLAYGROUND_RATE_LIMIT: '10000' } });
  admin = await signInAdmin();
  user = await signUp();
});
afterAll(() => t.close());

describe('who may call the admin plans endpoints', () => {
  it('refuses no token (401), a web token (403), a demoted admin (403) and a suspended admin (401)', async () => {
    const demoted = await signInAdmin();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', demoted.id).execute();
    const suspended = await signInAdmin();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.id)
      .execute();
    const endpoints: [string, string, object?][] = [
      ['GET', '/api/admin/plans'],
      ['GET', '/api/admin/plans/analytics'],
      ['POST', '/api/admin/plans', valid],
      ['PUT', '/api/admin/plans/some-id', valid],
      ['DELETE', '/api/admin/plans/some-id'],
    ];
    for (const [method, url, body] of endpoints) {
      const m = method as 'GET';
      expect((await call(m, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(m, url, user.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(m, url, demoted.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(m, url, suspended.token, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/api/admin/plans', admin.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/plans/analytics', admin.token)).statusCode).toBe(200);
  });
});

describe('creating and editing plans', () => {
  it('trims, drops blank features, marks each included, and audits', async () => {
    const res = await call('POST', '/api/admin/plans', admin.token, valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Plan created successfully');
    const plan = res.json().data.plan;
    expect(plan).toMatchObject({
      name: 'Studio',
      description: 'For small studios.',
      price: { monthly: 29, yearly: 278.4 },
      priceMinor: { monthly: 2900, yearly: 27840 },
      features: [
        { name: 'Everything in Free', included: true },
        { name: 'Priority support', included: true },
      ],
      metadata: { popular: true, order: 3, icon: 'other' },
      limits: { playgroundSessions: -1 },
      isActive: true,
      isVisible: true,
      analytics: { totalSubscribers: 0, totalRevenue: 0 },
      annualSavingPercent: 20,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', plan.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['plan.create']);
  });

  it("accepts the spec's older shapes and its fall-backs", async () => {
    const plan = await createPlan({
      name: 'Pro Legacy',
      description: 'Old client',
      monthlyPrice: '15',
      isPopular: false,
      priority: 'not a number',
      features: ['One', 'Two'],
    });
    expect(plan).toMatchObject({
      price: { monthly: 15, yearly: 0 },
      metadata: { popular: false, order: 0, icon: 'crown' },
      features: [
        { name: 'One', included: true },
        { name: 'Two', included: true },
      ],
      isActive: true,
      isVisible: true,
    });
    const withAnnual = await createPlan({
      ...valid,
      price: undefined,
      metadata: undefined,
      monthlyPrice: 10,
      annualPrice: 96,
      priority: 7,
    });
    expect(withAnnual).toMatchObject({ price: { monthly: 10, yearly: 96 }, metadata: { order: 7 } });
  });

  it("answers the spec's plan save messages", async () => {
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Please enter a plan name.'],
      [{ name: undefined }, 'Please enter a plan name.'],
      [{ description: ' ' }, 'Please enter a plan description.'],
      [{ price: { monthly: -1 } }, 'Monthly price must be a valid number >= 0.'],
      [{ price: { monthly: 'abc' } }, 'Monthly price must be a valid number >= 0.'],
      [{ price: undefined }, 'Monthly price must be a valid number >= 0.'],
      [{ price: { monthly: 5, yearly: -3 } }, 'Annual price must be a valid number >= 0.'],
      [{ price: undefined, monthlyPrice: 5, annualPrice: 'x' }, 'Annual price must be a valid number >= 0.'],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', '/api/admin/plans', admin.token, { ...valid, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const plan = await createPlan();
    const bad = await call('PUT', `/api/admin/plans/${plan.id}`, admin.token, { ...valid, name: '' });
    expect(bad.json().message).toBe('Please enter a plan name.');
  });

  it('judges the prices on the plan an edit produces: a free plan has no annual price (issue 51)', async () => {
    const free = await createPlan({ ...valid, name: 'Hobby', price: { monthly: 0, yearly: 0 } });
    const message = 'A free plan (monthly price 0) cannot have an annual price.';
    const edit = await call('PUT', `/api/admin/plans/${free.id}`, admin.token, { price: { yearly: 50 } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(edit.json().details).toEqual([{ field: 'price.yearly', message }]);
    const created = await call('POST', '/api/admin/plans', admin.token, {
      ...valid,
      price: { monthly: 0, yearly: 10 },
    });
    expect(created.statusCode).toBe(400);
    // Razorpay takes no order below 1.00: such a price could never be paid.
    const cheap = await call('PUT', `/api/admin/plans/${free.id}`, admin.token, { price: { monthly: 0.5 } });
    expect(cheap.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A paid plan costs at least $1.00, the least the payment gateway takes.',
    });
    const plans = await call('GET', '/api/payments/plans');
    expect(plans.statusCode).toBe(200);
    const hobby = plans.json().data.plans.find((p: { id: string }) => p.id === free.id);
    expect(hobby.priceMinor).toEqual({ monthly: 0, yearly: 0 });
  });

  it('edits every field, keeps what is left out, and lists inactive and hidden plans by order', async () => {
    const plan = await createPlan({ ...valid, name: 'Editable', metadata: { order: 50 } });
    const res = await call('PUT', `/api/admin/plans/${plan.id}`, admin.token, {
      id: plan.id,
      name: 'Edited',
      description: 'Changed',
      price: { monthly: 0, yearly: 0 },
      features: [{ name: 'Only this', included: true }],
      limitations: ['No API'],
      metadata: { popular: false, order: -5 },
      limits: { playgroundSessions: 3 },
      isActive: false,
      isVisible: false,
      maxUsers: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Plan updated successfully');
    expect(res.json().data.plan).toMatchObject({
      name: 'Edited',
      price: { monthly: 0, yearly: 0 },
      features: [{ name: 'Only this', included: true }],
      limitations: ['No API'],
      metadata: { popular: false, order: -5 },
      limits: { playgroundSessions: 3 },
      isActive: false,
      isVisible: false,
      maxUsers: 2,
    });
    const list = (await call('GET', '/api/admin/plans', admin.token)).json().data.plans as {
      id: string;
      metadata: { order: number };
    }[];
    expect(list[0]!.id).toBe(plan.id);
    const orders = list.map((p) => p.metadata.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((await call('PUT', '/api/admin/plans/missing', admin.token, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('figures and deleting', () => {
  it('counts subscribers and revenue, refuses to delete a plan with subscribers, hides one with history', async () => {
    const db = t.database.db;
    const busy = await createPlan({ ...valid, name: 'Busy Plan' });
    const former = await createPlan({ ...valid, name: 'Former Plan' });
    const empty = await createPlan({ ...valid, name: 'Empty Plan' });
    const a = await insertUser(db);
    const b = await insertUser(db);
    await subscribe(busy.id, a.id);
    await subscribe(former.id, b.id, 'expired', '2020-01-01T00:00:00.000Z');
    await db
      .insertInto('payments')
      .values({
        id: newId(),
        user_id: a.id,
        kind: 'subscription',
        plan_id: busy.id,
        billing: 'monthly',
        amount_minor: 2900,
        currency: 'USD',
        status: 'captured',
        provider: 'test',
        provider_order_id: `order_${newId()}`,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();

    const plans = (await call('GET', '/api/admin/plans', admin.token)).json().data.plans as {
      id: string;
      analytics: { totalSubscribers: number; totalRevenue: number };
    }[];
    expect(plans.find((p) => p.id === busy.id)!.analytics).toMatchObject({
      totalSubscribers: 1,
      totalRevenue: 29,
    });
    expect(plans.find((p) => p.id === former.id)!.analytics.totalSubscribers).toBe(0);

    const refused = await call('DELETE', `/api/admin/plans/${busy.id}`, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This plan has active subscribers and cannot be deleted.');

    const hidden = await call('DELETE', `/api/admin/plans/${former.id}`, admin.token);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toEqual({ deleted: false, deactivated: true });
    const row = await db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', former.id)
      .executeTakeFirstOrThrow();
    expect([row.is_active, row.is_visible]).toEqual([0, 0]);

    const gone = await call('DELETE', `/api/admin/plans/${empty.id}`, admin.token);
    expect(gone.json()).toMatchObject({
      data: { deleted: true, deactivated: false },
      message: 'Plan deleted successfully',
    });
    expect(
      await db.selectFrom('plans').select('id').where('id', '=', empty.id).executeTakeFirst(),
    ).toBeUndefined();
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', 'in', [former.id, empty.id])
      .where('action', '!=', 'plan.create')
      .execute();
    expect(actions.map((x) => x.action).sort()).toEqual(['plan.deactivate', 'plan.delete']);
  });

  it('gives the plan summary stats from the database', async () => {
    const db = t.database.db;
    const summary = (await call('GET', '/api/admin/plans/analytics', admin.token)).json().data;
    const plans = await db.selectFrom('plans').select(['is_active']).execute();
    const customers = await db.selectFrom('users').select('id').where('role', '=', 'user').execute();
    expect(summary).toMatchObject({
      totalPlans: plans.length,
      activePlans: plans.filter((p) => p.is_active === 1).length,
      totalUsers: customers.length,
      totalSubscribers: 1,
      monthlyRevenue: 29,
      currency: 'USD',
    });
    expect(summary.conversionRate).toBe(Math.round((1 / customers.length) * 1000) / 10);
  });
});

describe('the playground allowance', () => {
  it("takes effect at once: lowering Free's limit to 1 refuses a free user's second session", async () => {
    const db = t.database.db;
    // Only this free plan counts as the free tier.
    await db.updateTable('plans').set({ is_active: 0 }).where('price_monthly_minor', '=', 0).execute();
    const free = await createPlan({
      name: 'Free',
      description: 'Start here',
      price: { monthly: 0 },
      metadata: { order: -100 },
    });
    expect(free.limits).toMatchObject({ playgroundSessions: 10 });
    const player = await signUp('Pia Player');
    const chat = () =>
      call('POST', '/api/playground/chat', player.token, { message: 'Hello there', model: 'claude' });
    expect((await chat()).statusCode).toBe(200);
    const lowered = await call('PUT', `/api/admin/plans/${free.id}`, admin.token, {
      limits: { playgroundSessions: 1 },
    });
    expect(lowered.json().data.plan.limits).toMatchObject({ playgroundSessions: 1 });
    const refused = await chat();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You have reached your playground session limit. Please upgrade your plan to continue.',
    );
    await call('PUT', `/api/admin/plans/${free.id}`, admin.token, { limits: { playgroundSessions: -1 } });
    expect((await chat()).statusCode).toBe(200);
  });

  it('picks the same free tier every time when two free plans share an order: the older one', async () => {
    const db = t.database.db;
    await db.updateTable('plans').set({ is_active: 0 }).where('price_monthly_minor', '=', 0).execute();
    const first = await createPlan({
      name: 'Basic',
      description: 'Free, basic',
      price: { monthly: 0 },
      metadata: { order: -200 },
    });
    const second = await createPlan({
      name: 'Starter',
      description: 'Free, starter',
      price: { monthly: 0 },
      metadata: { order: -200 },
    });
    // The plan created first is made the newer one, so insertion order cannot decide.
    await db
      .updateTable('plans')
      .set({ created_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', first.id)
      .execute();
    await db
      .updateTable('plans')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', second.id)
      .execute();
    const player = await signUp('Tia Tier');
    const usage = await call('GET', '/api/playground/usage', player.token);
    expect(usage.json().data.plan).toBe('Starter');
  });
});
