import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { DB } from './types';

/*
 * The query planner's statistics (decision 027). SQLite, as better-sqlite3 builds it
 * (SQLITE_ENABLE_STAT4), has ANALYZE store samples of each index's values in `sqlite_stat4` as
 * well as the averages in `sqlite_stat1`. When a plan consults those samples for a bound value
 * (`id = ?` under a join, an ORDER BY, a range), SQLite marks the statement to be planned again
 * whenever that parameter is bound, and better-sqlite3 binds (and clears) the parameters on every
 * run: every execution of such a statement was parsed and planned again. The user's summary behind
 * `/api/auth/me` cost 166 µs instead of 30, a list page's ids 123 µs instead of 83. With the
 * averages alone every plan is made once and kept, and the requests' statements plan the same on a
 * catalogue of 100 000 prompts. So SQLite databases keep `sqlite_stat1`, and `sqlite_stat4` stays
 * empty. PostgreSQL keeps its own statistics and plans differently (decision 024).
 */

const isSqlite = (db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Refreshes the planner's statistics (after a bulk load, say), without SQLite's value samples. */
export async function analyze(db: Kysely<DB>): Promise<void> {
  await sql`analyze`.execute(db);
  await emptyValueSamples(db);
}

/**
 * Empties SQLite's value samples when a database has them (one analysed by hand, or by an older
 * version of the app), and has the connection plan without them from now on; reads only,
 * otherwise. Run with the migrations, so every start checks.
 */
export async function emptyValueSamples(db: Kysely<DB>): Promise<boolean> {
  if (!isSqlite(db)) return false;
  const table = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat4'`.execute(
    db,
  );
  if (table.rows.length === 0) return false;
  const samples = await sql`select 1 from sqlite_stat4 limit 1`.execute(db);
  if (samples.rows.length === 0) return false;
  // Emptied rather than dropped: ANALYZE creates the table again, even when it analyses nothing.
  await sql`delete from sqlite_stat4`.execute(db);
  // A connection keeps the samples it loaded until it reloads its statistics, which an ANALYZE of
  // the schema table does without analysing anything (a dropped or emptied table is not enough).
  await sql`analyze sqlite_schema`.execute(db);
  return true;
}
