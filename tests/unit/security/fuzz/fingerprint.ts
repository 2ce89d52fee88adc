import { sql } from 'kysely';
import type { Database } from '../../../../src/server/db/database';

/*
 * A cheap fingerprint of everything in the database, taken before and after each refused request.
 * SQLite (one in-memory connection): total_changes() counts every row inserted, updated or deleted
 * on the connection (rolled back or not), so any write at all moves it. PostgreSQL: a row trigger on
 * every table counts written rows in a counter table of this test's own database copy; the counter
 * commits or rolls back with the write, so it moves exactly when the data changed.
 */
export async function fingerprinter(database: Database): Promise<() => Promise<string>> {
  const { db } = database;
  if (database.engine === 'sqlite') {
    return async () => {
      const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
      return String(rows[0]?.n);
    };
  }
  // The app's tables (pg-boss keeps its own in the pgboss schema).
  const tables = (await db.introspection.getTables())
    .filter((t) => t.schema === 'public')
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'));
  await sql`create table fuzz_write_counter (n bigint not null)`.execute(db);
  await sql`insert into fuzz_write_counter values (0)`.execute(db);
  await sql`
    create function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      update fuzz_write_counter set n = n + 1;
      return null;
    end $$`.execute(db);
  for (const name of tables) {
    await sql`create trigger fuzz_count_write after insert or update or delete on ${sql.table(name)}
      for each row execute function fuzz_count_write()`.execute(db);
  }
  return async () => {
    const { rows } = await sql<{ n: string }>`select n::text as n from fuzz_write_counter`.execute(db);
    return String(rows[0]?.n);
  };
}

/** How the fingerprint moved, for the failure message. */
export function fingerprintDiff(before: string, after: string): string {
  return `rows written: ${before} -> ${after}`;
}
