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
  const database = openDatabase(url.toString(), { poolSize: 2 });
  try {
    await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

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
