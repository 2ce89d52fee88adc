import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { CATEGORIES } from '../../../shared/constants';
import { verifyPassword } from '../../modules/auth/password';
import { refreshTrending } from '../../modules/marketplace/catalogue/trending';
import type { Database } from '../database';
import { BULK_EMAIL_DOMAIN, BULK_USER_PASSWORD, bulkSeed, generatePrompt } from './bulk';
import { seedDemoIfEmpty } from './demo';
import { Rng } from './prng';
import { resetData } from './reset';

let database: Database | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function open(): Promise<Database> {
  database = await createTestDatabase();
  return database;
}

async function total(db: Database, table: 'users' | 'prompts' | 'prompt_reviews' | 'plans'): Promise<number> {
  const row = await db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('bulkSeed', () => {
  it('creates exactly the requested users and published prompts, across every category', async () => {
    const db = await open();
    const progress: string[] = [];
    const result = await bulkSeed(db.db, {
      prompts: 500,
      users: 50,
      engine: db.engine,
      onProgress: (phase, done, of) => progress.push(`${phase}:${done}/${of}`),
    });
    expect(result.users).toBe(50);
    expect(result.prompts).toBe(500);
    expect(await total(db, 'users')).toBe(50);
    expect(await total(db, 'prompts')).toBe(500);
    expect(progress).toContain('users:50/50');
    expect(progress).toContain('prompts:500/500');

    const prompts = await db.db.selectFrom('prompts').selectAll().execute();
    expect(prompts.every((p) => p.status === 'published' && p.published_at !== null)).toBe(true);
    expect(new Set(prompts.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(prompts.map((p) => p.slug)).size).toBe(500);
    expect(new Set(prompts.map((p) => p.title)).size).toBeGreaterThan(400);
    expect(prompts.some((p) => p.type === 'premium' && p.price_minor > 0)).toBe(true);
    expect(prompts.filter((p) => p.type === 'free').every((p) => p.price_minor === 0)).toBe(true);
    // Counts vary, so sorting by popularity means something.
    expect(new Set(prompts.map((p) => p.views_count)).size).toBeGreaterThan(100);
    for (const p of prompts) {
      expect(p.published_at! <= new Date().toISOString()).toBe(true);
      expect(p.created_at <= p.published_at!).toBe(true);
    }

    // Every author is one of the new users, and wrote after joining.
    const users = await db.db.selectFrom('users').select(['id', 'created_at']).execute();
    const joined = new Map(users.map((u) => [u.id, u.created_at]));
    for (const p of prompts) {
      expect(joined.has(p.author_id)).toBe(true);
      expect(p.created_at >= joined.get(p.author_id)!).toBe(true);
    }
  });

  it('keeps ratings equal to the reviews it writes', async () => {
    const db = await open();
    const result = await bulkSeed(db.db, { prompts: 300, users: 40, engine: db.engine });
    expect(result.reviews).toBeGreaterThan(0);
    expect(await total(db, 'prompt_reviews')).toBe(result.reviews);
    const sums = await db.db
      .selectFrom('prompts as p')
      .leftJoin('prompt_reviews as r', 'r.prompt_id', 'p.id')
      .select((eb) => [
        'p.id',
        'p.author_id',
        'p.rating_sum',
        'p.rating_count',
        eb.fn.count<number>('r.id').as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('r.rating'), eb.lit(0)).as('s'),
      ])
      .groupBy(['p.id', 'p.author_id', 'p.rating_sum', 'p.rating_count'])
      .execute();
    for (const row of sums) {
      expect(row.rating_count).toBe(Number(row.n));
      expect(row.rating_sum).toBe(Number(row.s));
    }
    const selfReviews = await db.db
      .selectFrom('prompt_reviews as r')
      .innerJoin('prompts as p', 'p.id', 'r.prompt_id')
      .select('r.id')
      .whereRef('r.user_id', '=', 'p.author_id')
      .execute();
    expect(selfReviews).toHaveLength(0);
  });

  it('gives every bulk user one shared password that signs in', async () => {
    const db = await open();
    await bulkSeed(db.db, { prompts: 10, users: 30, engine: db.engine });
    const users = await db.db
      .selectFrom('users')
      .select(['email', 'email_normalized', 'password_hash'])
      .execute();
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1);
    expect(await verifyPassword(users[0]!.password_hash, BULK_USER_PASSWORD)).toBe(true);
    for (const u of users) {
      expect(u.email.endsWith(`@${BULK_EMAIL_DOMAIN}`)).toBe(true);
      expect(u.email_normalized).toBe(u.email.toLowerCase());
    }
  });

  it('adds to a database that already has demo and bulk data without clashing, and subscribes some users', async () => {
    const db = await open();
    await seedDemoIfEmpty(db.db, pino({ level: 'silent' }));
    const demoUsers = await total(db, 'users');
    const demoPrompts = await total(db, 'prompts');
    const first = await bulkSeed(db.db, { prompts: 200, users: 60, engine: db.engine });
    const second = await bulkSeed(db.db, { prompts: 200, users: 60, engine: db.engine });
    expect(await total(db, 'users')).toBe(demoUsers + 120);
    expect(await total(db, 'prompts')).toBe(demoPrompts + 400);
    // With the plans in place, about one user in ten pays, each with the payment of the current period.
    expect(first.subscriptions + second.subscriptions).toBeGreaterThan(0);
    const bulkSubs = await db.db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('payments as p', (join) =>
        join.onRef('p.user_id', '=', 's.user_id').onRef('p.plan_id', '=', 's.plan_id'),
      )
      .select(['p.status', 'p.amount_minor'])
      .where('u.email_normalized', 'like', `%@${BULK_EMAIL_DOMAIN}`)
      .execute();
    expect(bulkSubs).toHaveLength(first.subscriptions + second.subscriptions);
    for (const p of bulkSubs) {
      expect(p.status).toBe('captured');
      expect(p.amount_minor).toBeGreaterThan(0);
    }
  });

  it("leaves trending as the app computes it: the app's first refresh rewrites no bulk prompt", async () => {
    const db = await open();
    await seedDemoIfEmpty(db.db, pino({ level: 'silent' }));
    await bulkSeed(db.db, { prompts: 300, users: 30, engine: db.engine });
    const trending = () =>
      db.db
        .selectFrom('prompts')
        .innerJoin('users', 'users.id', 'prompts.author_id')
        .where('users.email', 'like', `%@${BULK_EMAIL_DOMAIN}`)
        .select(['prompts.id', 'prompts.trending', 'prompts.trending_score'])
        .orderBy('prompts.id')
        .execute();
    const before = await trending();
    expect(before).toHaveLength(300);
    const top = await refreshTrending({ db: db.db, engine: db.engine });
    // The refresh did run: the demo data's recent activity makes prompts trending.
    expect(top.length).toBeGreaterThan(0);
    expect(await trending()).toEqual(before);
  });

  it('refuses prompts without anyone to author them', async () => {
    const db = await open();
    await expect(bulkSeed(db.db, { prompts: 5, users: 0, engine: db.engine })).rejects.toThrow(/authors/);
    expect(await total(db, 'prompts')).toBe(0);
  });
});

describe('resetData', () => {
  it('empties every data table and leaves the schema usable', async () => {
    const db = await open();
    await seedDemoIfEmpty(db.db, pino({ level: 'silent' }));
    await bulkSeed(db.db, { prompts: 50, users: 10, engine: db.engine });
    await resetData(db.db, db.engine);
    expect(await total(db, 'users')).toBe(0);
    expect(await total(db, 'prompts')).toBe(0);
    expect(await total(db, 'plans')).toBe(0);
    expect(await seedDemoIfEmpty(db.db, pino({ level: 'silent' }))).toBe(true);
  });
});

describe('generatePrompt', () => {
  it('writes a titled, tagged, multi-line prompt with placeholders from the category’s vocabulary', () => {
    const rng = new Rng(1);
    for (const category of CATEGORIES) {
      for (let i = 0; i < 20; i++) {
        const p = generatePrompt(rng, category);
        expect(p.title.length).toBeGreaterThan(10);
        expect(p.description).toMatch(/\.$/);
        expect(p.description).not.toMatch(/\ba [aeiou]/i);
        expect(p.content.split('\n').length).toBeGreaterThanOrEqual(12);
        expect(p.content).toContain('[topic]');
        expect(p.tags.length).toBeGreaterThanOrEqual(3);
        expect(p.tags.length).toBeLessThanOrEqual(5);
        for (const tag of p.tags) expect(tag).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });
});
