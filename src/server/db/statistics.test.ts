import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../../tests/support/test-db';
import { type Database, migrateToLatest, openDatabase } from './database';
import { analyze, emptyValueSamples } from './statistics';

/*
 * SQLite keeps the planner's averages (sqlite_stat1) but not its value samples (sqlite_stat4), which
 * made every run of a statement that consulted them a fresh parse and plan (decision 027).
 */

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

type Db = Database['db'];

async function migrated(): Promise<Db> {
  database = openDatabase(':memory:');
  await migrateToLatest(database.db);
  return database.db;
}

/*
 * A column whose values are skewed: nine rows in ten have kind 0, the rest one kind each. By the
 * averages a kind is a row or two, so a lookup by kind and colour goes through the kind's index;
 * the samples know kind 0 is most of the table and send it through the colour's. Which index the
 * planner picks says whether the connection still plans by samples.
 */
async function addSkewedTable(db: Db) {
  await sql`create table skewed (id integer primary key, kind integer, colour integer)`.execute(db);
  await sql`create index skewed_kind on skewed (kind)`.execute(db);
  await sql`create index skewed_colour on skewed (colour)`.execute(db);
  await sql`
    with recursive n(i) as (select 0 union all select i + 1 from n where i < 1999)
    insert into skewed (kind, colour) select case when i < 1800 then 0 else i end, i % 10 from n
  `.execute(db);
}

async function skewedPlan(db: Db): Promise<string> {
  const plan = await sql<{ detail: string }>`
    explain query plan select id from skewed where kind = 0 and colour = 3
  `.execute(db);
  return plan.rows.map((r) => r.detail).join('\n');
}

const BY_AVERAGES = 'SEARCH skewed USING INDEX skewed_kind (kind=?)';
const BY_SAMPLES = 'SEARCH skewed USING INDEX skewed_colour (colour=?)';

async function samples(db: Db): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db);
  return Number(rows.rows[0]!.n);
}

const averages = async (db: Db) => (await sql`select * from sqlite_stat1 order by tbl, idx`.execute(db)).rows;

describe('the query planner statistics on SQLite', () => {
  it('analyze() leaves averages for the planner and no samples, on the connection that ran it too', async () => {
    const db = await migrated();
    await addSkewedTable(db);
    await analyze(db);
    expect(await averages(db)).toContainEqual({ tbl: 'skewed', idx: 'skewed_kind', stat: '2000 10' });
    expect(await samples(db)).toBe(0);
    expect(await skewedPlan(db)).toBe(BY_AVERAGES);
  });

  it('a database analysed by hand loses its samples, and only them, when the app next migrates it', async () => {
    const db = await migrated();
    await addSkewedTable(db);
    // What an operator's `ANALYZE` in the sqlite3 shell leaves behind: the samples steer the plan.
    await sql`analyze`.execute(db);
    expect(await samples(db)).toBeGreaterThan(0);
    expect(await skewedPlan(db)).toBe(BY_SAMPLES);
    const before = await averages(db);

    expect(await migrateToLatest(db)).toEqual([]);
    expect(await samples(db)).toBe(0);
    expect(await averages(db)).toEqual(before);
    // The samples the connection had loaded are gone from its plans as well, not only from the file.
    expect(await skewedPlan(db)).toBe(BY_AVERAGES);
    // With nothing to empty, a start only reads.
    expect(await emptyValueSamples(db)).toBe(false);
  });
});

describe(`analyze() on ${testEngine}`, () => {
  it('gives the planner statistics for the tables it reads', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const now = new Date().toISOString();
    for (let i = 0; i < 20; i++) {
      await db
        .insertInto('plans')
        .values({ id: `plan-${i}`, slug: `plan-${i}`, name: `Plan ${i}`, created_at: now, updated_at: now })
        .execute();
    }
    await analyze(db);
    const rows =
      testEngine === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'plans'`.execute(db)
        : await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'plans'`.execute(
            db,
          );
    expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
    if (testEngine === 'sqlite') expect(await samples(db)).toBe(0);
  });
});
