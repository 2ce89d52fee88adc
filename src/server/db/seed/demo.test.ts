import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { CATEGORIES } from '../../../shared/constants';
import { verifyPassword } from '../../modules/auth/password';
import { sessionsUsed } from '../../modules/playground/allowance';
import type { Database } from '../database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { buildDemoData } from './demo-data';
import { seedDemoIfEmpty } from './demo';

const silent = pino({ level: 'silent' });

let database: Database;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.close();
});

async function count(
  table: 'users' | 'prompts' | 'plans' | 'prompt_reviews' | 'playground_sessions',
): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seedDemoIfEmpty', () => {
  it('creates the demo user and the demo admin with the published passwords', async () => {
    expect(await seedDemoIfEmpty(database.db, silent)).toBe(true);

    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', DEMO_ACCOUNTS.user.email)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe('demo@promptforge.test');
    expect(user.role).toBe('user');
    expect(user.status).toBe('active');
    expect(await verifyPassword(user.password_hash, 'demo-pass-123')).toBe(true);
    expect(await verifyPassword(user.password_hash, 'admin-pass-123')).toBe(false);

    const admin = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', DEMO_ACCOUNTS.admin.email)
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(admin.password_hash, 'admin-pass-123')).toBe(true);

    // Nobody else has a known password: not the demo ones, not an empty one.
    const others = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email_normalized', 'not in', [DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.admin.email])
      .execute();
    expect(others.length).toBeGreaterThanOrEqual(12);
    const otherHash = others[0]?.password_hash ?? '';
    expect(await verifyPassword(otherHash, 'demo-pass-123')).toBe(false);
    expect(await verifyPassword(otherHash, '')).toBe(false);
  });

  it('seeds the three plans at the decided prices, yearly 20% off twelve months', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const plans = await database.db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    expect(
      plans.map((p) => [p.slug, p.price_monthly_minor, p.price_yearly_minor, p.session_limit, p.currency]),
    ).toEqual([
      ['free', 0, 0, 10, 'USD'],
      ['premium', 1900, 18240, null, 'USD'],
      ['business', 9900, 95040, null, 'USD'],
    ]);
    const [free, premium, business] = plans;
    expect(free?.icon).toBe('star');
    expect(premium?.icon).toBe('crown');
    expect(premium?.is_popular).toBe(1);
    expect(free?.is_popular).toBe(0);
    expect(JSON.parse(free?.features ?? '[]')).toEqual(
      expect.arrayContaining(['Every free prompt in the marketplace']),
    );
    // What a plan limits is data the cards write (issue 59), not feature text.
    expect(plans.map((plan) => [plan.session_limit, plan.api_access])).toEqual([
      [10, 0],
      [null, 0],
      [null, 1],
    ]);
    expect(JSON.parse(premium?.features ?? '[]')).toEqual(['Everything in Free']);
    expect(JSON.parse(business?.features ?? '[]')).toEqual(['Everything in Free']);
    // Only what the plans give (issue 51): no prompt counts, teams, account managers, no limits as text.
    const promised = plans.flatMap((plan) => [
      ...(JSON.parse(plan.features) as string[]),
      ...(JSON.parse(plan.limitations) as string[]),
      plan.description,
    ]);
    for (const text of promised) {
      expect(text).not.toMatch(/\d+\+|team|API|account manager|priority|community|sessions/i);
    }
    // Seats are data too (team workspaces, decision 060): Premium a team of 3, Business 50.
    expect(plans.map((plan) => plan.max_users)).toEqual([1, 3, 50]);
    // And a team's shared playground sessions a month (decision 064).
    expect(plans.map((plan) => plan.team_sessions)).toEqual([0, 100, 1000]);
  });

  it('publishes at least 60 complete prompts across all six categories, with featured and trending ones', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const published = await database.db
      .selectFrom('prompts')
      .selectAll()
      .where('status', '=', 'published')
      .execute();
    expect(published.length).toBeGreaterThanOrEqual(60);
    expect(new Set(published.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    for (const category of CATEGORIES) {
      expect(published.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(8);
    }
    expect(published.filter((p) => p.featured === 1).length).toBeGreaterThanOrEqual(3);
    expect(published.filter((p) => p.trending === 1).length).toBeGreaterThanOrEqual(3);

    for (const p of published) {
      expect(p.published_at, p.title).not.toBeNull();
      expect(p.content.split('\n').length, p.title).toBeGreaterThanOrEqual(5);
      expect(p.content, p.title).toMatch(/\[[a-z][^\]]*\]/);
      const tags = JSON.parse(p.tags) as string[];
      expect(tags.length, p.title).toBeGreaterThanOrEqual(3);
      expect(tags.length, p.title).toBeLessThanOrEqual(5);
      for (const tag of tags) expect(tag).toBe(tag.toLowerCase());
      if (p.type === 'free') expect(p.price_minor).toBe(0);
      else expect([499, 999, 1499]).toContain(p.price_minor);
      expect(p.views_count).toBeGreaterThan(p.likes_count);
    }
    expect(published.some((p) => p.type === 'premium')).toBe(true);
    expect(published.some((p) => p.type === 'free')).toBe(true);

    const slugs = (await database.db.selectFrom('prompts').select('slug').execute()).map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    // Spread over about six months, nothing in the future.
    const times = published.map((p) => Date.parse(p.published_at ?? ''));
    const day = 24 * 3600 * 1000;
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Math.min(...times)).toBeGreaterThan(120 * day);
    expect(Date.now() - Math.max(...times)).toBeLessThan(7 * day);
  });

  it('makes the demo user a creator with published prompts and drafts, and keeps one prompt archived', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const mine = await database.db
      .selectFrom('prompts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select(['p.status', 'p.published_at'])
      .where('u.email_normalized', '=', DEMO_ACCOUNTS.user.email)
      .execute();
    expect(mine.filter((p) => p.status === 'published').length).toBeGreaterThanOrEqual(3);
    const drafts = mine.filter((p) => p.status === 'draft');
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    for (const d of drafts) expect(d.published_at).toBeNull();

    // Nobody wrote, reviewed or chatted before joining.
    const early = await database.db
      .selectFrom('prompts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select('p.title')
      .whereRef('p.created_at', '<', 'u.created_at')
      .execute();
    expect(early).toEqual([]);
    const earlyReviews = await database.db
      .selectFrom('prompt_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('prompts as p', 'p.id', 'r.prompt_id')
      .select('r.id')
      .where((eb) =>
        eb.or([
          eb('r.created_at', '<', eb.ref('u.created_at')),
          eb('r.created_at', '<', eb.ref('p.published_at')),
        ]),
      )
      .execute();
    expect(earlyReviews).toEqual([]);
    const earlySessions = await database.db
      .selectFrom('playground_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('s.id')
      .whereRef('s.created_at', '<', 'u.created_at')
      .execute();
    expect(earlySessions).toEqual([]);

    const statuses = await database.db.selectFrom('prompts').select('status').execute();
    expect(statuses.filter((s) => s.status === 'archived')).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 'draft').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps each prompt’s rating equal to the reviews stored for it', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const prompts = await database.db
      .selectFrom('prompts')
      .select(['id', 'rating_sum', 'rating_count'])
      .execute();
    const reviews = await database.db
      .selectFrom('prompt_reviews')
      .select(['prompt_id', 'rating', 'body'])
      .execute();
    expect(reviews.length).toBeGreaterThanOrEqual(60);
    for (const p of prompts) {
      const mine = reviews.filter((r) => r.prompt_id === p.id);
      expect(p.rating_count).toBe(mine.length);
      expect(p.rating_sum).toBe(mine.reduce((sum, r) => sum + r.rating, 0));
    }
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.body.length).toBeGreaterThan(10);
    }
  });

  it('gives paying users an active subscription backed by paid test payments', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const subs = await database.db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select([
        's.user_id',
        's.status',
        's.billing',
        'p.id as plan_id',
        'p.slug',
        'p.price_monthly_minor',
        'p.price_yearly_minor',
      ])
      .execute();
    expect(new Set(subs.map((s) => s.slug))).toEqual(new Set(['premium', 'business']));
    const payments = await database.db.selectFrom('payments').selectAll().execute();
    for (const s of subs) {
      expect(s.status).toBe('active');
      const paid = payments.filter((p) => p.user_id === s.user_id && p.plan_id === s.plan_id);
      expect(paid.length).toBeGreaterThanOrEqual(1);
      for (const p of paid) {
        expect(p.status).toBe('captured');
        expect(p.amount_minor).toBe(s.billing === 'annual' ? s.price_yearly_minor : s.price_monthly_minor);
      }
    }
    for (const p of payments) {
      expect(p.provider).toBe('test');
      expect(p.provider_order_id).toMatch(/^order_demo_/);
      expect(p.paid_at).not.toBeNull();
    }
    expect(new Set(payments.map((p) => p.provider_order_id)).size).toBe(payments.length);
  });

  it('records playground history that makes the live stats real: mostly complete replies at believable speeds', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const replies = await database.db
      .selectFrom('playground_messages')
      .select(['status', 'latency_ms', 'model'])
      .where('role', '=', 'ai')
      .execute();
    const complete = replies.filter((r) => r.status === 'complete');
    const failed = replies.filter((r) => r.status === 'error');
    expect(replies.length).toBeGreaterThanOrEqual(20);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(complete.length / replies.length).toBeGreaterThan(0.9);
    for (const r of complete) {
      expect(r.latency_ms).toBeGreaterThanOrEqual(600);
      expect(r.latency_ms).toBeLessThanOrEqual(2500);
      expect(['claude', 'chatgpt', 'perplexity']).toContain(r.model);
    }

    // A session takes a slot of the allowance only once a reply succeeded.
    const sessions = await database.db.selectFrom('playground_sessions').selectAll().execute();
    const messages = await database.db.selectFrom('playground_messages').selectAll().execute();
    const slots = new Set(
      (
        await database.db
          .selectFrom('allowance_entries')
          .select('session_id')
          .where('kind', '=', 'session')
          .execute()
      ).map((e) => e.session_id),
    );
    for (const s of sessions) {
      const mine = messages.filter((m) => m.session_id === s.id);
      expect(s.message_count).toBe(mine.length);
      const ok = mine.some((m) => m.role === 'ai' && m.status === 'complete');
      expect(slots.has(s.id)).toBe(ok);
    }
    expect(sessions.some((s) => !slots.has(s.id))).toBe(true);
  });

  it('leaves the demo user most of the free monthly allowance', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const demo = await database.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', DEMO_ACCOUNTS.user.email)
      .executeTakeFirstOrThrow();
    expect(await sessionsUsed(database.db, demo.id)).toBeLessThanOrEqual(5);
  });

  it('backs the last week’s likes and downloads with activity events', async () => {
    await seedDemoIfEmpty(database.db, silent);
    const events = await database.db.selectFrom('activity_events').selectAll().execute();
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      'user.registered',
      'prompt.published',
      'prompt.liked',
      'prompt.downloaded',
      'payment.succeeded',
    ]) {
      expect(types, t).toContain(t);
    }
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
    for (const e of events) {
      expect(e.created_at >= weekAgo, e.type).toBe(true);
      expect(e.created_at <= new Date().toISOString(), e.type).toBe(true);
    }
    const likes = await database.db.selectFrom('prompt_likes').selectAll().execute();
    const likeEvents = events.filter((e) => e.type === 'prompt.liked');
    expect(likes.length).toBe(likeEvents.length);
    for (const like of likes) {
      expect(likeEvents.some((e) => e.prompt_id === like.prompt_id && e.actor_id === like.user_id)).toBe(
        true,
      );
    }
    // The counters stand for all history, so they are never below the rows behind them.
    const prompts = await database.db.selectFrom('prompts').select(['id', 'likes_count']).execute();
    for (const p of prompts) {
      expect(p.likes_count).toBeGreaterThanOrEqual(likes.filter((l) => l.prompt_id === p.id).length);
    }
  });

  it('does nothing the second time, or when anyone already has an account', async () => {
    expect(await seedDemoIfEmpty(database.db, silent)).toBe(true);
    const users = await count('users');
    const prompts = await count('prompts');
    expect(await seedDemoIfEmpty(database.db, silent)).toBe(false);
    expect(await count('users')).toBe(users);
    expect(await count('prompts')).toBe(prompts);
    expect(await count('plans')).toBe(3);
  });

  it('seeds once when two starts race on the same database', async () => {
    const results = await Promise.all([
      seedDemoIfEmpty(database.db, silent),
      seedDemoIfEmpty(database.db, silent),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await count('plans')).toBe(3);
    expect(await count('users')).toBe(
      buildDemoData(Date.now(), { user: 'x', admin: 'x', others: 'x' }).users.length,
    );
  });

  it('is fast enough to run on every demo start', async () => {
    const started = performance.now();
    await seedDemoIfEmpty(database.db, silent);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('buildDemoData', () => {
  it('produces the same data set, at the same distance from now, on every run', () => {
    const hashes = { user: 'u', admin: 'a', others: 'o' };
    const now = Date.parse('2025-03-01T12:00:00.000Z');
    const strip = (data: ReturnType<typeof buildDemoData>) =>
      data.prompts.map((p) => [
        p.slug,
        p.views_count,
        p.likes_count,
        p.rating_sum,
        p.rating_count,
        p.published_at,
      ]);
    const a = buildDemoData(now, hashes);
    const b = buildDemoData(now, hashes);
    expect(strip(a)).toEqual(strip(b));
    expect(a.reviews.map((r) => [r.rating, r.body])).toEqual(b.reviews.map((r) => [r.rating, r.body]));

    const later = buildDemoData(now + 86_400_000, hashes);
    const times = (data: ReturnType<typeof buildDemoData>, shift: number) =>
      data.prompts.map((p) => [p.slug, Date.parse(p.created_at) - shift, p.views_count]);
    expect(times(later, 86_400_000)).toEqual(times(a, 0));
  });
});
