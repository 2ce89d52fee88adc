import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../../tests/support/test-db';
import { type Database, migrateToLatest, openDatabase } from './database';
import { analyze, dropValueSamples } from './statistics';

/*
 * SQLite keeps the planner's averages (sqlite_stat1) but not its value samples (sqlite_stat4), which
 * made every run of a statement that consulted them a fresh parse and plan (decision 027).
 */

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function migrated(): Promise<Database> {
  database = openDatabase(':memory:');
  await migrateToLatest(database.db);
  return database;
}

async function statTables(db: Database['db']): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name like 'sqlite_stat%' order by name
  `.execute(db);
  return rows.rows.map((r) => r.name);
}

async function addPlans(db: Database['db'], count: number) {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await db
      .insertInto('plans')
      .values({ id: `plan-${i}`, slug: `plan-${i}`, name: `Plan ${i}`, created_at: now, updated_at: now })
      .execute();
  }
}

describe('the query planner statistics on SQLite', () => {
  it('analyze() keeps the averages for every index and stores no value samples', async () => {
    const { db } = await migrated();
    await addPlans(db, 20);
    await analyze(db);
    expect(await statTables(db)).toEqual(['sqlite_stat1']);
    const averages = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'plans'`.execute(db);
    expect(averages.rows.length).toBeGreaterThan(0);
    // The planner still plans by them: a lookup by a plan's slug goes through its index.
    const plan = await sql<{ detail: string }>`
      explain query plan select p.name from plans p join subscriptions s on s.plan_id = p.id where p.slug = 'plan-3'
    `.execute(db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
      /SEARCH p USING INDEX sqlite_autoindex_plans_2 \(slug=\?\)/,
    );
  });

  it('a database analysed by hand loses its value samples, and only them, when the app next migrates it', async () => {
    const { db } = await migrated();
    await addPlans(db, 20);
    // What an operator's `ANALYZE` in the sqlite3 shell leaves behind.
    await sql`analyze`.execute(db);
    expect(await statTables(db)).toEqual(['sqlite_stat1', 'sqlite_stat4']);
    const before = await sql`select * from sqlite_stat1 order by tbl, idx`.execute(db);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(await statTables(db)).toEqual(['sqlite_stat1']);
    expect((await sql`select * from sqlite_stat1 order by tbl, idx`.execute(db)).rows).toEqual(before.rows);
    // With nothing to drop, a start only reads.
    expect(await dropValueSamples(db)).toBe(false);
  });
});

describe(`analyze() on ${testEngine}`, () => {
  it('gives the planner statistics for the tables it reads', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await addPlans(db, 20);
    await analyze(db);
    const rows =
      testEngine === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'plans'`.execute(db)
        : await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'plans'`.execute(
            db,
          );
    expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
    if (testEngine === 'sqlite') expect(await statTables(db)).toEqual(['sqlite_stat1']);
  });
});
