import crypto from 'node:crypto';
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from './database';
import { migrations } from './migrations/index';

/*
 * The migrations run on both engines: always on SQLite, and on PostgreSQL when TEST_DATABASE_URL is
 * set (CI sets it). They start from nothing, so they use their own databases, not the test templates.
 */

const TABLES = [
  'users',
  'auth_sessions',
  'password_resets',
  'plans',
  'subscriptions',
  'prompts',
  'prompt_views',
  'prompt_likes',
  'prompt_downloads',
  'prompt_reviews',
  'payments',
  'purchases',
  'playground_sessions',
  'playground_messages',
  'contact_messages',
  'activity_events',
  'admin_settings',
  'mail_outbox',
  'prompt_versions',
  'prompt_daily_stats',
  'payment_events',
  'creator_earnings',
  'audit_log',
  'catalogue_version',
  'search_changes',
  'allowance_entries',
  'model_prices',
  'plan_models',
  'uploads',
  'search_words',
  'jobs',
  'playground_presets',
  'api_keys',
  'payout_accounts',
  'payout_thresholds',
  'payouts',
  'payout_entries',
  'notifications',
  'conversation_shares',
  'teams',
  'team_members',
  'team_invitations',
  'team_pool_months',
  'prompt_test_cases',
  'prompt_test_runs',
  'prompt_test_schedule',
  'prompt_examples',
  'library_seen',
  'playground_default_preset',
];

async function tableNames(database: Database): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  // FTS5 keeps its index in shadow tables (prompts_fts_data, ...): they belong to prompts_fts.
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_') && !/^prompts_fts_/.test(n));
}

const expectedTables = (engine: 'sqlite' | 'postgres') =>
  (engine === 'sqlite' ? [...TABLES, 'prompt_search', 'prompts_fts'] : TABLES).sort();

async function withEngine(engine: 'sqlite' | 'postgres', run: (database: Database) => Promise<void>) {
  if (engine === 'sqlite') {
    const database = openDatabase(':memory:');
    try {
      await run(database);
    } finally {
      await database.close();
    }
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `pf_mig_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The database is dropped WITH (FORCE) below: the server ends connections the pool is closing.
  const database = openDatabase(url.toString(), { poolSize: 2, onIdleError: () => {} });
  try {
    await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * What a change to each column of `prompts` moves in `catalogue_version` (migrations 0012, 0014,
 * 0016, 0017): the cached marketplace answers rely on it. Membership columns move the lists; a
 * like or a view moves only the popular order and the search feed (the answers showing the prompt
 * check the feed); counters no public answer shows move nothing; any other column moves `content`.
 */
const SHOWN_AND_SEARCHED = ['content', 'search'] as const;
const PROMPT_COLUMN_CHANGES: Record<
  string,
  | {
      to: string | number;
      moves: readonly string[];
      /** The prompt's values before, where the default one would break a constraint (0021). */
      base?: Record<string, string | number>;
      /** What must change with it to keep the row valid (a type and its price agree). */
      also?: Record<string, string | number>;
    }
  | 'not written'
> = {
  // Never changed: the search rows of SQLite and other tables refer to it.
  id: 'not written',
  // PostgreSQL's search document, written by its own trigger from the text and the author's name.
  search_vector: 'not written',
  slug: { to: 'new-slug', moves: SHOWN_AND_SEARCHED },
  author_id: { to: 'u2', moves: SHOWN_AND_SEARCHED },
  title: { to: 'New title', moves: SHOWN_AND_SEARCHED },
  description: { to: 'New description', moves: SHOWN_AND_SEARCHED },
  content: { to: 'New text', moves: ['content'] },
  category: { to: 'coding', moves: ['content', 'membership', 'search'] },
  tags: { to: '["new"]', moves: SHOWN_AND_SEARCHED },
  // Price moves fewer versions than type, so the pair moves exactly what the type does.
  type: { to: 'premium', also: { price_minor: 500 }, moves: ['content', 'membership', 'search'] },
  price_minor: { to: 900, base: { type: 'premium', price_minor: 500 }, moves: SHOWN_AND_SEARCHED },
  currency: { to: 'INR', moves: SHOWN_AND_SEARCHED },
  status: { to: 'archived', moves: ['content', 'membership', 'search'] },
  moderation_note: { to: 'Looked at', moves: ['content'] },
  featured: { to: 1, moves: SHOWN_AND_SEARCHED },
  trending: { to: 1, moves: SHOWN_AND_SEARCHED },
  trending_pinned: { to: 1, moves: ['content'] },
  trending_score: { to: 7, moves: ['content'] },
  views_count: { to: 3, moves: ['popularity', 'search'] },
  likes_count: { to: 2, moves: ['popularity', 'search'] },
  downloads_count: { to: 4, moves: SHOWN_AND_SEARCHED },
  tries_count: { to: 5, moves: [] },
  rating_sum: { to: 9, moves: ['content'] },
  rating_count: { to: 2, moves: SHOWN_AND_SEARCHED },
  rating_avg: { to: 4.5, moves: SHOWN_AND_SEARCHED },
  revenue_minor: { to: 1000, moves: [] },
  created_at: { to: '2020-01-01T00:00:00.000Z', moves: ['content', 'membership', 'search'] },
  updated_at: { to: '2030-01-01T00:00:00.000Z', moves: ['content'] },
  published_at: { to: '2020-01-01T00:00:00.000Z', moves: SHOWN_AND_SEARCHED },
  // A version's note and date (0028): always written with updated_at, which moves the content.
  version_note: { to: 'Clearer steps', moves: [] },
  version_at: { to: '2030-01-01T00:00:00.000Z', moves: [] },
  // The card's tested-on badge (migration 0030): shown, not searched.
  tested_on: { to: '["Claude"]', moves: ['content'] },
  tested_at: { to: '2030-01-01T00:00:00.000Z', moves: ['content'] },
  test_board: { to: '{"version":1,"tested":null,"models":[]}', moves: ['content'] },
  // 0031 (decision 058): the licence and the remix's source show on its page; the rest only in the
  // studio and the admin panel, which nothing caches.
  licence: { to: 'cc0', moves: ['content'] },
  remix_of: { to: 'p-slug', moves: ['content'] },
  remix_private: { to: 1, base: { status: 'draft' }, moves: [] },
  duplicate_of: { to: 'p-slug', moves: [] },
  duplicate_similarity: { to: 0.8, moves: [] },
  // 0033 (decision 060): a team prompt is never published (its CHECK), so no public answer shows it.
  team_id: { to: 't1', base: { status: 'draft' }, moves: [] },
};

const engines = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(engines)('migrations on %s', (engine) => {
  it('create the whole schema from nothing, and a second run changes nothing', () =>
    withEngine(engine, async (database) => {
      const applied = await migrateToLatest(database.db);
      expect(applied).toEqual(Object.keys(migrations));
      expect((await tableNames(database)).sort()).toEqual(expectedTables(engine));
      expect(await migrateToLatest(database.db)).toEqual([]);
    }));

  it('enforce the rules the app relies on: unique e-mails, one like per user, cascading deletes', () =>
    withEngine(engine, async (database) => {
      await migrateToLatest(database.db);
      const db = database.db;
      const now = new Date().toISOString();
      const user = { name: 'A', password_hash: 'h', created_at: now, updated_at: now };
      await db
        .insertInto('users')
        .values({ ...user, id: 'u1', email: 'A@x.test', email_normalized: 'a@x.test' })
        .execute();
      await expect(
        db
          .insertInto('users')
          .values({ ...user, id: 'u2', email: 'a@x.test', email_normalized: 'a@x.test' })
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto('prompts')
        .values({
          id: 'p1',
          slug: 'p1',
          author_id: 'u1',
          title: 't',
          description: 'd',
          content: 'c',
          category: 'writing',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('prompt_likes')
        .values({ prompt_id: 'p1', user_id: 'u1', created_at: now })
        .execute();
      await expect(
        db.insertInto('prompt_likes').values({ prompt_id: 'p1', user_id: 'u1', created_at: now }).execute(),
      ).rejects.toThrow();
      await db.deleteFrom('users').where('id', '=', 'u1').execute();
      const left = await sql<{ n: number }>`select count(*) as n from prompt_likes`.execute(db);
      expect(Number(left.rows[0]?.n)).toBe(0);
      const prompts = await db.selectFrom('prompts').selectAll().execute();
      expect(prompts).toEqual([]);
    }));

  it('move the catalogue versions a change to each column of prompts should move, and no other', () =>
    withEngine(engine, async (database) => {
      await migrateToLatest(database.db);
      const db = database.db;
      const columns = (await db.introspection.getTables()).find((t) => t.name === 'prompts')!.columns;
      // A column this test does not know must be classified here (and in a migration's triggers).
      const known = Object.keys(PROMPT_COLUMN_CHANGES).filter(
        (c) => engine === 'postgres' || c !== 'search_vector',
      );
      expect(columns.map((c) => c.name).sort()).toEqual(known.sort());

      const now = new Date().toISOString();
      const user = { name: 'A', password_hash: 'h', created_at: now, updated_at: now };
      for (const id of ['u1', 'u2']) {
        await db
          .insertInto('users')
          .values({ ...user, id, email: `${id}@x.test`, email_normalized: `${id}@x.test` })
          .execute();
      }
      await db
        .insertInto('teams')
        .values({ id: 't1', name: 'T', created_by: 'u1', created_at: now })
        .execute();
      const base = {
        author_id: 'u1',
        title: 't',
        description: 'd',
        content: 'c',
        category: 'writing',
        status: 'published',
        created_at: now,
        updated_at: now,
        published_at: now,
      };
      const versions = async () => {
        const { rows } = await sql<Record<'content' | 'membership' | 'popularity' | 'search', string>>`
          select content, membership, popularity, search from catalogue_version where id = 1`.execute(db);
        const row = rows[0]!;
        return {
          content: Number(row.content),
          membership: Number(row.membership),
          popularity: Number(row.popularity),
          search: Number(row.search),
        };
      };
      for (const [column, change] of Object.entries(PROMPT_COLUMN_CHANGES)) {
        if (change === 'not written') continue;
        const id = `p-${column}`;
        await db
          .insertInto('prompts')
          .values({ ...base, ...change.base, id, slug: id })
          .execute();
        const before = await versions();
        await db
          .updateTable('prompts')
          .set({ [column]: change.to, ...change.also })
          .where('id', '=', id)
          .execute();
        const after = await versions();
        const moved = (Object.keys(before) as (keyof typeof before)[]).filter((k) => after[k] !== before[k]);
        expect({ column, moved: moved.sort() }).toEqual({ column, moved: [...change.moves].sort() });
      }
    }));

  it('0019 backfills the allowance ledger, keeps it past a session, and rolls back to counted_at', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0017-catalogue-tallies')).error).toBeUndefined();
      const now = '2026-11-30T23:59:00.000Z';
      const user = { name: 'A', password_hash: 'h', created_at: now, updated_at: now };
      for (const id of ['author', 'tryer', 'buyer']) {
        await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
          values (${id}, ${`${id}@x.test`}, ${`${id}@x.test`}, ${user.name}, ${user.password_hash}, ${now}, ${now})`.execute(
          db,
        );
      }
      await sql`insert into prompts (id, slug, author_id, title, description, content, category, type, price_minor, created_at, updated_at)
        values ('p1', 'p1', 'author', 't', 'd', 'c', 'writing', 'premium', 500, ${now}, ${now})`.execute(db);
      await sql`insert into purchases (id, prompt_id, buyer_id, amount_minor, creator_share_minor, currency, created_at)
        values ('b1', 'p1', 'buyer', 500, 400, 'USD', ${now})`.execute(db);
      const session = (id: string, userId: string, promptId: string | null, countedAt: string | null) =>
        sql`insert into playground_sessions (id, user_id, model, prompt_id, counted_at, created_at, updated_at)
          values (${id}, ${userId}, 'claude', ${promptId}, ${countedAt}, ${now}, ${now})`.execute(db);
      await session('s-try', 'tryer', 'p1', now);
      await session('s-failed', 'tryer', 'p1', null);
      await session('s-bought', 'buyer', 'p1', now);
      await session('s-own', 'author', 'p1', now);
      await session('s-plain', 'tryer', null, '2026-12-01T00:00:00.000Z');

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const entries = await db
        .selectFrom('allowance_entries')
        .select(['session_id', 'kind', 'user_id', 'month'])
        .orderBy('session_id')
        .orderBy('kind')
        .execute();
      expect(entries).toEqual([
        { session_id: 's-bought', kind: 'session', user_id: 'buyer', month: '2026-11' },
        { session_id: 's-own', kind: 'session', user_id: 'author', month: '2026-11' },
        { session_id: 's-plain', kind: 'session', user_id: 'tryer', month: '2026-12' },
        { session_id: 's-try', kind: 'session', user_id: 'tryer', month: '2026-11' },
        { session_id: 's-try', kind: 'try', user_id: 'tryer', month: '2026-11' },
      ]);
      // One slot and one try per session; a try names its prompt.
      const entry = {
        session_id: 's-try',
        user_id: 'tryer',
        prompt_id: 'p1',
        month: '2026-11',
        created_at: now,
      };
      await expect(
        db
          .insertInto('allowance_entries')
          .values({ ...entry, kind: 'session' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('allowance_entries')
          .values({ ...entry, session_id: 'x', kind: 'try', prompt_id: null })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('allowance_entries')
          .values({ ...entry, session_id: 'x', kind: 'slot' })
          .execute(),
      ).rejects.toThrow();
      // Deleting a session or its prompt leaves the ledger; deleting the account takes it along.
      await db.deleteFrom('playground_sessions').where('id', '=', 's-try').execute();
      await db.deleteFrom('purchases').execute();
      await db.deleteFrom('prompts').where('id', '=', 'p1').execute();
      const count = async (userId: string) =>
        (await db.selectFrom('allowance_entries').select('kind').where('user_id', '=', userId).execute())
          .length;
      expect(await count('tryer')).toBe(3);
      await db.deleteFrom('users').where('id', '=', 'tryer').execute();
      expect(await count('tryer')).toBe(0);

      expect((await migrator.migrateTo('0017-catalogue-tallies')).error).toBeUndefined();
      const { rows } = await sql<{ id: string; counted_at: string | null }>`
        select id, counted_at from playground_sessions order by id`.execute(db);
      expect(rows).toEqual([
        { id: 's-bought', counted_at: now },
        { id: 's-own', counted_at: now },
      ]);
    }));

  it('0020 rewrites the seeded plans that still promise what no plan gives, and leaves edited ones', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0019-allowance-ledger')).error).toBeUndefined();
      const now = '2026-11-30T00:00:00.000Z';
      const plan = (slug: string, features: string[], maxUsers: number) =>
        sql`insert into plans (id, slug, name, features, limitations, max_users, created_at, updated_at)
          values (${slug}, ${slug}, ${slug}, ${JSON.stringify(features)}, '[]', ${maxUsers}, ${now}, ${now})`.execute(
          db,
        );
      await plan(
        'free',
        [
          'Access to 100+ free prompts',
          '10 playground sessions a month',
          'Publish and share your own prompts',
          'Community support',
        ],
        1,
      );
      await plan(
        'premium',
        [
          'Access to all 1000+ prompts',
          'Unlimited playground sessions',
          'Claude, ChatGPT and Perplexity models',
          'Creator analytics and revenue reports',
          'Team of up to 3 members',
          'Priority email support',
        ],
        3,
      );
      // An admin rewrote Business's features: it is theirs, and stays.
      await plan('business', ['Our own words'], 1000);
      const read = async () =>
        Object.fromEntries(
          (
            await db.selectFrom('plans').select(['slug', 'features', 'max_users']).orderBy('slug').execute()
          ).map((r) => [
            r.slug,
            { features: JSON.parse(r.features) as string[], maxUsers: Number(r.max_users) },
          ]),
        );

      // Up to the last migration before 0026, which takes the sessions out of the features in turn.
      expect((await migrator.migrateTo('0024-jobs')).error).toBeUndefined();
      const after = await read();
      expect(after.premium).toEqual({
        features: ['Everything in Free', 'Unlimited playground sessions'],
        maxUsers: 1,
      });
      expect(after.free!.features).not.toContain('Access to 100+ free prompts');
      expect(after.business).toEqual({ features: ['Our own words'], maxUsers: 1000 });

      expect((await migrator.migrateTo('0019-allowance-ledger')).error).toBeUndefined();
      expect((await read()).premium!.features).toContain('Team of up to 3 members');
    }));

  it('0021 repairs the rows that break the money rules, then refuses them; down lifts the rules', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0020-true-plan-features')).error).toBeUndefined();
      const now = '2026-12-01T00:00:00.000Z';
      for (const id of ['author', 'buyer']) {
        await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
          values (${id}, ${`${id}@x.test`}, ${`${id}@x.test`}, 'A', 'h', ${now}, ${now})`.execute(db);
      }
      // What issue 51's edits stored: SQLite keeps a REAL 1e302 in an integer column; PostgreSQL's
      // integer column cannot hold it, but takes every other bad value.
      const huge = engine === 'sqlite' ? 1e302 : 1_000_000_000;
      const prompt = (id: string, type: string, price: number) =>
        sql`insert into prompts (id, slug, author_id, title, description, content, category, type, price_minor, status, created_at, updated_at)
          values (${id}, ${id}, 'author', 't', 'd', 'c', 'writing', ${type}, ${price}, 'published', ${now}, ${now})`.execute(
          db,
        );
      await prompt('huge', 'premium', huge);
      await prompt('negative', 'premium', -5000);
      await prompt('zero', 'premium', 0);
      await prompt('free-priced', 'free', 1299);
      await prompt('fine', 'premium', 1299);
      if (engine === 'sqlite') await prompt('cents', 'premium', 1299.4);
      const payment = (id: string, amount: number, status: string, promptId = 'fine', createdAt = now) =>
        sql`insert into payments (id, user_id, kind, prompt_id, amount_minor, currency, status, provider, provider_order_id, created_at, updated_at)
          values (${id}, 'buyer', 'prompt', ${promptId}, ${amount}, 'USD', ${status}, 'test', ${`order_${id}`}, ${createdAt}, ${now})`.execute(
          db,
        );
      await payment('pay-huge', engine === 'sqlite' ? huge * 100 : 2_000_000_000, 'created', 'huge');
      await payment('pay-old-open', 1299, 'created', 'fine', '2026-11-30T00:00:00.000Z');
      await payment('pay-open', 1299, 'created');
      // Issue 51's finding 7: two orders both paid; one purchase, two credits.
      await payment('pay-1', 1299, 'captured', 'zero');
      await payment('pay-2', 1299, 'captured', 'zero');
      await sql`insert into purchases (id, prompt_id, buyer_id, payment_id, amount_minor, creator_share_minor, currency, created_at)
        values ('pu', 'zero', 'buyer', 'pay-2', 1299, 1039, 'USD', ${now})`.execute(db);
      for (const p of ['pay-1', 'pay-2']) {
        await sql`insert into creator_earnings (id, creator_id, prompt_id, purchase_id, payment_id, kind, amount_minor, currency, created_at)
          values (${`e-${p}`}, 'author', 'zero', 'pu', ${p}, 'sale', 1039, 'USD', ${now})`.execute(db);
      }
      await sql`insert into plans (id, slug, name, price_monthly_minor, price_yearly_minor, created_at, updated_at)
        values ('odd', 'odd', 'Odd', 0, 5000, ${now}, ${now})`.execute(db);
      // Below what the gateway takes: it could never be paid.
      await sql`insert into plans (id, slug, name, price_monthly_minor, price_yearly_minor, created_at, updated_at)
        values ('cheap', 'cheap', 'Cheap', 50, 0, ${now}, ${now})`.execute(db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const prices = Object.fromEntries(
        (await db.selectFrom('prompts').select(['id', 'type', 'price_minor']).execute()).map((r) => [
          r.id,
          [r.type, Number(r.price_minor)],
        ]),
      );
      expect(prices).toMatchObject({
        huge: ['premium', 99_999],
        negative: ['premium', 100],
        zero: ['premium', 100],
        'free-priced': ['free', 0],
        fine: ['premium', 1299],
      });
      if (engine === 'sqlite') expect(prices.cents).toEqual(['premium', 1299]);
      const payments = await db
        .selectFrom('payments')
        .select(['id', 'status', 'amount_minor', 'ungranted_reason'])
        .orderBy('id')
        .execute();
      expect(payments.map((p) => [p.id, p.status, Number(p.amount_minor), p.ungranted_reason])).toEqual([
        ['pay-1', 'captured', 1299, 'already_owned'],
        ['pay-2', 'captured', 1299, null],
        ['pay-old-open', 'failed', 1299, null],
        ['pay-open', 'created', 1299, null],
      ]);
      const credits = await db.selectFrom('creator_earnings').select('payment_id').execute();
      expect(credits.map((c) => c.payment_id)).toEqual(['pay-2']);
      const odd = await db.selectFrom('plans').selectAll().where('id', '=', 'odd').executeTakeFirstOrThrow();
      expect(Number(odd.price_yearly_minor)).toBe(0);
      const cheap = await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', 'cheap')
        .executeTakeFirstOrThrow();
      expect(Number(cheap.price_monthly_minor)).toBe(100);

      // The rules hold from now on, whatever writes the row.
      const refused = [
        () => sql`update prompts set price_minor = 0 where id = 'fine'`.execute(db),
        () => sql`update prompts set type = 'free' where id = 'fine'`.execute(db),
        () => sql`update prompts set price_minor = 100000 where id = 'fine'`.execute(db),
        () => sql`update plans set price_yearly_minor = 100 where id = 'odd'`.execute(db),
        () => sql`update plans set price_monthly_minor = 99 where id = 'cheap'`.execute(db),
        () => sql`update payments set amount_minor = -1 where id = 'pay-open'`.execute(db),
        () => sql`update creator_earnings set amount_minor = -5 where payment_id = 'pay-2'`.execute(db),
        () => payment('pay-second-open', 1299, 'created'),
        ...(engine === 'sqlite'
          ? [
              () => sql`update prompts set price_minor = 1299.5 where id = 'fine'`.execute(db),
              () => payment('pay-real', 1e302, 'failed'),
            ]
          : []),
      ];
      for (const write of refused) await expect(write()).rejects.toThrow();

      expect((await migrator.migrateTo('0020-true-plan-features')).error).toBeUndefined();
      await sql`update prompts set price_minor = 0 where id = 'fine'`.execute(db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    }));

  it('0026 gives Business its API access, takes the sessions out of seeded features, and keeps edited ones', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0024-jobs')).error).toBeUndefined();
      const now = '2026-12-01T00:00:00.000Z';
      const plan = (slug: string, features: string[]) =>
        sql`insert into plans (id, slug, name, features, limitations, created_at, updated_at)
          values (${slug}, ${slug}, ${slug}, ${JSON.stringify(features)}, '[]', ${now}, ${now})`.execute(db);
      await plan('premium', ['Everything in Free', 'Unlimited playground sessions']);
      await plan('business', ['Everything in Free', 'Unlimited playground sessions']);
      // An admin's own words stay.
      await plan('free', ['Our own words']);
      const read = async () =>
        Object.fromEntries(
          (
            await sql<{ slug: string; features: string; api_access: number }>`
              select slug, features, api_access from plans order by slug`.execute(db)
          ).rows.map((r) => [
            r.slug,
            { features: JSON.parse(r.features) as string[], api: Number(r.api_access) },
          ]),
        );

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await read()).toEqual({
        business: { features: ['Everything in Free'], api: 1 },
        free: { features: ['Our own words'], api: 0 },
        premium: { features: ['Everything in Free'], api: 0 },
      });
      await expect(sql`update plans set api_access = 3 where slug = 'free'`.execute(db)).rejects.toThrow();
      await expect(
        sql`update plans set test_budget_minor = -1 where slug = 'free'`.execute(db),
      ).rejects.toThrow();
      await expect(
        sql`insert into api_keys (id, user_id, name, prefix, token_hash, scopes, created_at, expires_at)
          values ('k', 'nobody', '', 'pf_x', 'h', 'library:read', ${now}, ${now})`.execute(db),
      ).rejects.toThrow();

      expect((await migrator.migrateTo('0024-jobs')).error).toBeUndefined();
      const { rows } = await sql<{
        features: string;
      }>`select features from plans where slug = 'premium'`.execute(db);
      expect(JSON.parse(rows[0]!.features)).toContain('Unlimited playground sessions');
    }));

  it('0038 keeps a review snapshot of at most 4 000 characters, and comes down', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      await migrateToLatest(db);
      const now = new Date().toISOString();
      await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
        values ('u1', 'u1@x.test', 'u1@x.test', 'A', 'h', ${now}, ${now})`.execute(db);
      await sql`insert into prompts (id, slug, author_id, title, description, content, category, created_at, updated_at)
        values ('p1', 'p1', 'u1', 't', 'd', 'c', 'writing', ${now}, ${now})`.execute(db);
      const insert = (id: string, output: string) =>
        sql`insert into prompt_reviews (id, prompt_id, user_id, rating, created_at, updated_at, used_model,
          used_version, snapshot_message_id, snapshot_model, snapshot_output, snapshot_at)
          values (${id}, 'p1', 'u1', 4, ${now}, ${now}, 'Claude', 2, 'm1', 'Claude', ${output}, ${now})`.execute(
          db,
        );
      await expect(insert('r1', 'é'.repeat(4001))).rejects.toThrow();
      await insert('r2', 'é'.repeat(4000));
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0033-teams')).error).toBeUndefined();
      const columns = (await db.introspection.getTables()).find((t) => t.name === 'prompt_reviews')!.columns;
      expect(columns.map((c) => c.name)).not.toContain('snapshot_output');
    }));

  it('0039 shows a run once per prompt, at most 5 examples of bounded size, moves content, and comes down', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      await migrateToLatest(db);
      const now = new Date().toISOString();
      await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
        values ('u1', 'u1@x.test', 'u1@x.test', 'A', 'h', ${now}, ${now})`.execute(db);
      await sql`insert into prompts (id, slug, author_id, title, description, content, category, created_at, updated_at)
        values ('p1', 'p1', 'u1', 't', 'd', 'c', 'writing', ${now}, ${now})`.execute(db);
      const content = async () =>
        Number(
          (await sql<{ content: number }>`select content from catalogue_version where id = 1`.execute(db))
            .rows[0]!.content,
        );
      const insert = (
        id: string,
        sourceId: string,
        position: number,
        output = 'An answer.',
        source = 'test',
      ) =>
        sql`insert into prompt_examples (id, prompt_id, source, source_id, position, model, output, run_at, created_at)
          values (${id}, 'p1', ${source}, ${sourceId}, ${position}, 'Claude', ${output}, ${now}, ${now})`.execute(
          db,
        );
      const before = await content();
      await insert('e1', 'run1', 1);
      expect(await content()).toBeGreaterThan(before);
      await expect(insert('e2', 'run1', 2)).rejects.toThrow();
      await insert('e2', 'run1', 2, 'An answer.', 'playground');
      await expect(insert('e3', 'run3', 1)).rejects.toThrow();
      await expect(insert('e3', 'run3', 6)).rejects.toThrow();
      await expect(insert('e3', 'run3', 3, '')).rejects.toThrow();
      await expect(insert('e3', 'run3', 3, 'é'.repeat(4001))).rejects.toThrow();
      await expect(insert('e3', 'run3', 3, 'x', 'pasted')).rejects.toThrow();
      await insert('e3', 'run3', 3, 'é'.repeat(4000));
      await sql`delete from prompts where id = 'p1'`.execute(db);
      expect((await sql`select id from prompt_examples`.execute(db)).rows).toEqual([]);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0038-reviews-tied-to-use')).error).toBeUndefined();
      expect(await tableNames(database)).not.toContain('prompt_examples');
    }));

  it('0040 moves approved payouts to processing, takes a reversal once, and comes down', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0038-reviews-tied-to-use')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
        values ('u1', 'u1@x.test', 'u1@x.test', 'A', 'h', ${now}, ${now})`.execute(db);
      const payout = (id: string, status: string, method: string | null, reference: string | null) =>
        sql`insert into payouts (id, creator_id, amount_minor, currency, status, method, reference, requested_at,
          paid_at, updated_at) values (${id}, 'u1', 1000, 'USD', ${status}, ${method}, ${reference}, ${now},
          ${status === 'paid' ? now : null}, ${now})`.execute(db);
      const entry = (id: string, payoutId: string, kind: string, amount: number) =>
        sql`insert into payout_entries (id, payout_id, creator_id, kind, amount_minor, currency, created_at)
          values (${id}, ${payoutId}, 'u1', ${kind}, ${amount}, 'USD', ${now})`.execute(db);
      await payout('a', 'approved', null, null);
      await payout('b', 'paid', 'razorpay', 'trf_1');
      await entry('ea', 'a', 'reserve', -1000);
      await entry('eb', 'b', 'reserve', -1000);

      expect((await migrator.migrateTo('0040-payout-reversals')).error).toBeUndefined();
      const status = async (id: string) =>
        (await sql<{ status: string }>`select status from payouts where id = ${id}`.execute(db)).rows[0]!
          .status;
      expect(await status('a')).toBe('processing');
      await expect(sql`update payouts set status = 'approved' where id = 'a'`.execute(db)).rejects.toThrow();
      // A reversed payout keeps what a paid one has; its reversal is positive, and once.
      await expect(
        sql`update payouts set status = 'reversed', paid_at = null where id = 'b'`.execute(db),
      ).rejects.toThrow();
      await sql`update payouts set status = 'reversed' where id = 'b'`.execute(db);
      await expect(entry('r0', 'b', 'reverse', -1000)).rejects.toThrow();
      await entry('r1', 'b', 'reverse', 1000);
      await expect(entry('r2', 'b', 'reverse', 1000)).rejects.toThrow();
      // One payout per gateway transfer.
      await expect(payout('c', 'paid', 'test', 'trf_1')).rejects.toThrow();
      const entries = await sql`select id from payout_entries where payout_id = 'b'`.execute(db);
      expect(entries.rows).toHaveLength(2);

      expect((await migrator.migrateTo('0038-reviews-tied-to-use')).error).toBeUndefined();
      expect(await status('a')).toBe('approved');
      expect(await status('b')).toBe('rejected');
      const kinds = await sql<{
        kind: string;
      }>`select kind from payout_entries where payout_id = 'b' order by kind`.execute(db);
      expect(kinds.rows.map((r) => r.kind)).toEqual(['release', 'reserve']);
    }));

  it('0042 carries what reversals gave back and keeps it within the payout', () =>
    withEngine(engine, async (database) => {
      const db = database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0041-team-api-keys')).error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
        values ('u1', 'u1@x.test', 'u1@x.test', 'A', 'h', ${now}, ${now})`.execute(db);
      await sql`insert into payouts (id, creator_id, amount_minor, currency, status, method, reference, requested_at,
        paid_at, updated_at) values ('b', 'u1', 1000, 'USD', 'reversed', 'razorpay', 'trf_1', ${now}, ${now}, ${now}),
        ('p', 'u1', 1000, 'USD', 'paid', 'razorpay', 'trf_2', ${now}, ${now}, ${now})`.execute(db);
      await sql`insert into payout_entries (id, payout_id, creator_id, kind, amount_minor, currency, created_at)
        values ('r1', 'b', 'u1', 'reverse', 400, 'USD', ${now})`.execute(db);

      expect((await migrator.migrateTo('0042-payout-partial-reversals')).error).toBeUndefined();
      const reversed = async (id: string) =>
        Number(
          (await sql<{ n: number }>`select amount_reversed as n from payouts where id = ${id}`.execute(db))
            .rows[0]!.n,
        );
      expect(await reversed('b')).toBe(400);
      expect(await reversed('p')).toBe(0);
      // Never more than the payout, never below zero.
      await expect(
        sql`update payouts set amount_reversed = 1001 where id = 'p'`.execute(db),
      ).rejects.toThrow();
      await expect(sql`update payouts set amount_reversed = -1 where id = 'p'`.execute(db)).rejects.toThrow();
      await sql`update payouts set amount_reversed = 1000 where id = 'p'`.execute(db);
      expect(await reversed('p')).toBe(1000);

      expect((await migrator.migrateTo('0041-team-api-keys')).error).toBeUndefined();
      const columns = await sql<{ n: number }>`select count(*) as n from payouts`.execute(db);
      expect(Number(columns.rows[0]!.n)).toBe(2);
      await expect(sql`select amount_reversed from payouts`.execute(db)).rejects.toThrow();
    }));

  it('roll all the way down and up again', () =>
    withEngine(engine, async (database) => {
      await migrateToLatest(database.db);
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(NO_MIGRATIONS);
      expect(error).toBeUndefined();
      expect(await tableNames(database)).toEqual([]);
      await migrateToLatest(database.db);
      expect((await tableNames(database)).sort()).toEqual(expectedTables(engine));
    }));
});
