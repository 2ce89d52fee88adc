import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { recordActivity } from '../../../lib/activity';
import { newId, nowIso } from '../../../lib/time';
import { growth, percentOf } from './service';
import { ADMIN_PASSWORD, apiHelpers } from '../../../../../tests/support/api';

/* The admin dashboard (issue 8) on both engines: figures computed from the rows, series, tops, the feed. */

let t: TestApp;
const h = apiHelpers(() => t);
let admin: { id: string; token: string };
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();

const call = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function pay(
  userId: string,
  amountMinor: number,
  paidAt: string,
  extra: { refunded?: number; status?: string } = {},
) {
  await t.database.db
    .insertInto('payments')
    .values({
      id: newId(),
      user_id: userId,
      kind: 'subscription',
      amount_minor: amountMinor,
      refunded_minor: extra.refunded ?? 0,
      currency: 'USD',
      status: extra.status ?? 'captured',
      provider: 'test',
      provider_order_id: `order_${newId()}`,
      paid_at: paidAt,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
  const db = t.database.db;
  admin = await h.signInAdmin('Boss', { email: 'boss@example.test' });

  const now = nowIso();
  await db
    .insertInto('plans')
    .values([
      { id: 'free', slug: 'free', name: 'Free', price_monthly_minor: 0, created_at: now, updated_at: now },
      {
        id: 'pro',
        slug: 'pro',
        name: 'Premium',
        price_monthly_minor: 1900,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();

  // Users: the admin (now), three joined in the last 30 days (incl. the admin), two in the 30 before, one older.
  const recent1 = await insertUser(db, { name: 'Rita Recent', created_at: daysAgo(3) });
  const recent2 = await insertUser(db, { name: 'Rob Recent', created_at: daysAgo(12) });
  const before1 = await insertUser(db, { name: 'Bea Before', created_at: daysAgo(35) });
  await insertUser(db, { name: 'Bo Before', created_at: daysAgo(50) });
  const old = await insertUser(db, { name: 'Olga Old', created_at: daysAgo(200) });

  // Premium: a current paid plan; an expired one and a free-plan subscription do not count.
  const sub = (userId: string, planId: string, end: string) =>
    db
      .insertInto('subscriptions')
      .values({
        id: newId(),
        user_id: userId,
        plan_id: planId,
        status: 'active',
        current_period_start: daysAgo(5),
        current_period_end: end,
        created_at: now,
        updated_at: now,
      })
      .execute();
  await sub(recent1.id!, 'pro', daysAgo(-25));
  await sub(before1.id!, 'pro', daysAgo(1));
  await sub(old.id!, 'free', daysAgo(-25));

  // Prompts: views and downloads add up; drafts are pending.
  await insertPrompt(db, old.id!, {
    title: 'Most Viewed',
    views_count: 500,
    downloads_count: 40,
    created_at: daysAgo(100),
    published_at: daysAgo(100),
  });
  await insertPrompt(db, old.id!, {
    title: 'Best Seller',
    type: 'premium',
    price_minor: 500,
    views_count: 120,
    downloads_count: 9,
    revenue_minor: 4500,
    created_at: daysAgo(2),
    published_at: daysAgo(2),
  });
  await insertPrompt(db, recent2.id!, {
    title: 'A Draft',
    status: 'draft',
    views_count: 0,
    created_at: daysAgo(1),
  });

  // Revenue: 1900 + 1900 - 500 (a partial refund) in the last 30 days, 1900 in the 30 before, 9900 earlier;
  // a refunded payment nets to nothing and a failed one never counts.
  await pay(recent1.id!, 1900, daysAgo(4));
  await pay(recent1.id!, 1900, daysAgo(10), { refunded: 500 });
  await pay(before1.id!, 1900, daysAgo(40));
  await pay(old.id!, 9900, daysAgo(150));
  await pay(old.id!, 1900, daysAgo(6), { refunded: 1900, status: 'refunded' });
  await pay(old.id!, 1900, daysAgo(6), { status: 'failed' });

  await db
    .insertInto('creator_earnings')
    .values([
      {
        id: newId(),
        creator_id: old.id!,
        purchase_id: newId(),
        kind: 'sale',
        amount_minor: 400,
        currency: 'USD',
        created_at: now,
      },
      {
        id: newId(),
        creator_id: old.id!,
        purchase_id: newId(),
        kind: 'sale',
        amount_minor: 400,
        currency: 'USD',
        created_at: now,
      },
      {
        id: newId(),
        creator_id: old.id!,
        purchase_id: newId(),
        kind: 'refund',
        amount_minor: -400,
        currency: 'USD',
        created_at: now,
      },
      {
        id: newId(),
        creator_id: recent2.id!,
        purchase_id: newId(),
        kind: 'sale',
        amount_minor: 100,
        currency: 'USD',
        created_at: now,
      },
    ])
    .execute();
});
afterAll(() => t.close());

describe('the figures', () => {
  it('computes the spec stats object from the database', async () => {
    const res = await call('/api/admin/dashboard', admin.token);
    expect(res.statusCode).toBe(200);
    const { stats } = res.json().data;
    expect(stats.users).toEqual({ total: 6, new: 3, premium: 1, growth: 50 });
    expect(stats.prompts).toEqual({ total: 3, published: 2, pending: 1, new: 2 });
    expect(stats.revenue).toEqual({
      total: 151,
      totalMinor: 15100,
      current: 33,
      currentMinor: 3300,
      previous: 19,
      previousMinor: 1900,
      growth: 73.7,
      currency: 'USD',
    });
    expect(stats.analytics).toEqual({ totalViews: 620, totalDownloads: 49 });
    expect(stats.conversionRate).toBe(16.7);
  });

  it('gives 90 daily points ending today, the tops and the plan shares', async () => {
    const data = (await call('/api/admin/dashboard', admin.token)).json().data;
    expect(data.series).toHaveLength(90);
    expect(data.series.at(-1).date).toBe(nowIso().slice(0, 10));
    const sum = (key: string) => data.series.reduce((s: number, p: Record<string, number>) => s + p[key]!, 0);
    expect(sum('signups')).toBe(5);
    expect(sum('publications')).toBe(1);
    expect(sum('revenueMinor')).toBe(1900 + 1400 + 1900);
    expect(data.series.find((p: { date: string }) => p.date === daysAgo(10).slice(0, 10))).toMatchObject({
      revenue: 14,
      revenueMinor: 1400,
    });
    expect(data.topPromptsByViews.map((p: { title: string }) => p.title)).toEqual([
      'Most Viewed',
      'Best Seller',
    ]);
    expect(data.topPromptsByViews[0]).toMatchObject({ authorName: 'Olga Old', views: 500, downloads: 40 });
    expect(data.topPromptsByRevenue).toEqual([
      expect.objectContaining({ title: 'Best Seller', revenue: 45 }),
    ]);
    expect(data.topCreators).toEqual([
      expect.objectContaining({ name: 'Olga Old', earnings: 4, earningsMinor: 400, sales: 2, prompts: 2 }),
      expect.objectContaining({ name: 'Rob Recent', earnings: 1, sales: 1, prompts: 0 }),
    ]);
    expect(data.plans).toEqual([
      { planId: 'free', name: 'Free', users: 5 },
      { planId: 'pro', name: 'Premium', users: 1 },
    ]);
  });

  it('rounds growth and shares to one decimal, with nothing to compare as null', () => {
    expect(growth(3, 2)).toBe(50);
    expect(growth(1, 3)).toBe(-66.7);
    expect(growth(5, 0)).toBeNull();
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('recent activity', () => {
  it('maps sign-ups, publications, payments and moderation to the spec entries, newest first', async () => {
    const db = t.database.db;
    const fresh = await h.signUp('Fresh Face');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/prompts',
      headers: { authorization: `Bearer ${fresh.token}` },
      payload: {
        title: 'Launch Checklist',
        description: 'A checklist for launching products calmly.',
        content: 'List every step to launch {{product}} with owners and dates.',
        category: 'business',
      },
    });
    expect(created.statusCode).toBe(201);
    await recordActivity(db, {
      type: 'payment.succeeded',
      actorId: fresh.id,
      subjectId: newId(),
      data: { kind: 'subscription', amountMinor: 1900, currency: 'USD', plan: 'premium', billing: 'monthly' },
    });
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${fresh.id}/status`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { status: 'suspended' },
    });
    expect(status.statusCode).toBe(200);

    const res = await call('/api/admin/recent-activity?limit=4', admin.token);
    expect(res.statusCode).toBe(200);
    const entries = res.json().data.activities;
    expect(entries).toHaveLength(4);
    expect(entries.map((e: { icon: string }) => e.icon)).toEqual([
      'other',
      'credit-card',
      'file-text',
      'user-plus',
    ]);
    expect(entries[0]).toMatchObject({
      title: 'Account status changed',
      description: 'boss@example.test: Fresh Face is now suspended',
    });
    expect(entries[1]).toMatchObject({
      title: 'Payment received',
      description: 'Fresh Face paid $19.00 for the Premium plan',
    });
    expect(entries[2]).toMatchObject({
      title: 'Prompt published',
      description: '"Launch Checklist" by Fresh Face',
    });
    expect(entries[3]).toMatchObject({
      title: 'New user registered',
      description: 'Fresh Face joined Promptforge',
    });
    for (const e of entries) {
      expect(e.id).toEqual(expect.any(String));
      expect(Date.parse(e.timestamp)).not.toBeNaN();
    }
    const timestamps = entries.map((e: { timestamp: string }) => e.timestamp);
    expect([...timestamps].sort().reverse()).toEqual(timestamps);
  });

  it('defaults to 10 entries and refuses a limit out of range', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i++) {
      await recordActivity(db, { type: 'user.registered', actorId: null, data: { name: `Bulk ${i}` } });
    }
    expect((await call('/api/admin/recent-activity', admin.token)).json().data.activities).toHaveLength(10);
    const bad = await call('/api/admin/recent-activity?limit=500', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Limit must be at most 50');
  });
});

describe('who may read the dashboard', () => {
  it('answers 401 without a token or to a suspended admin, 403 to a user or an admin web token, 200 to an admin', async () => {
    const user = (await h.signUp('Ursula User')).token;
    const web = await h.signIn('boss@example.test', ADMIN_PASSWORD);
    const sus = (await h.signInAdmin('Sus Pended', { email: 'sus@example.test' })).token;
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('email', '=', 'sus@example.test')
      .execute();
    for (const url of ['/api/admin/dashboard', '/api/admin/recent-activity?limit=10']) {
      expect((await call(url)).statusCode, url).toBe(401);
      expect((await call(url, user)).statusCode, url).toBe(403);
      expect((await call(url, web)).statusCode, url).toBe(403);
      expect((await call(url, sus)).statusCode, url).toBe(401);
      expect((await call(url, admin.token)).statusCode, url).toBe(200);
    }
  });
});
