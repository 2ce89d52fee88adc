import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { DB } from './types';

/*
 * The query planner's statistics (decision 027). SQLite, as better-sqlite3 builds it
 * (SQLITE_ENABLE_STAT4), has ANALYZE store samples of each index's values in `sqlite_stat4` as
 * well as the averages in `sqlite_stat1`. When a plan consults those samples for a bound value
 * (`id = ?` under a join, an ORDER BY, a range), SQLite marks the statement to be planned again
 * whenever that parameter is bound, and better-sqlite3 binds (and clears) the parameters on every
 * run: every execution of such a statement was parsed and planned again. The user's summary behind
 * `/api/auth/me` cost 166 µs instead of 30, a list page's ids 123 µs instead of 82. With the
 * averages alone every plan is made once and kept, and the plans the app's queries take on a
 * catalogue of 100 000 prompts are the same. So SQLite databases keep `sqlite_stat1` only.
 * PostgreSQL keeps its own statistics and plans differently (decision 024).
 */

const isSqlite = (db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Refreshes the planner's statistics (after a bulk load, say), without SQLite's value samples. */
export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`analyze`.execute(db);
  await dropValueSamples(db);
}

/**
 * Drops SQLite's value samples when a database has them (one analysed by hand, or by an older
 * version of the app); reads only, otherwise. Run with the migrations, so every start checks.
 */
export async function dropValueSamples(db: Kysely<DB>): Promise<boolean> {
  if (!isSqlite(db)) return false;
  const found = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat4'`.execute(
    db,
  );
  if (found.rows.length === 0) return false;
  // A schema change: the connection reloads its statistics, and its statements are planned once more.
  await sql`drop table sqlite_stat4`.execute(db);
  return true;
}
