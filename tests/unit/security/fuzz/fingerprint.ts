import { sql } from 'kysely';
import type { Database } from '../../../../src/server/db/database';

/*
 * A cheap fingerprint of everything in the database, taken before and after each refused request.
 * SQLite (one in-memory connection): total_changes() counts every row inserted, updated or deleted
 * on the connection, so any write at all moves it. PostgreSQL: a row count and a sum of row hashes
 * per table, in one query, so an insert, update or delete in any table changes it.
 */
export async function fingerprinter(database: Database): Promise<() => Promise<string>> {
  if (database.engine === 'sqlite') {
    return async () => {
      const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(database.db);
      return String(rows[0]?.n);
    };
  }
  const tables = (await database.db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const parts = tables.map(
    (name) =>
      sql`select ${name} as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as v from ${sql.table(name)} as x`,
  );
  const query = sql.join(parts, sql` union all `);
  return async () => {
    const { rows } = await sql<{ t: string; v: string }>`${query}`.execute(database.db);
    return rows.map((r) => `${r.t}=${r.v}`).join(',');
  };
}

/** Which tables differ between two PostgreSQL fingerprints (or the SQLite change counts). */
export function fingerprintDiff(before: string, after: string): string {
  if (!before.includes('=')) return `total_changes ${before} -> ${after}`;
  const a = new Map(before.split(',').map((p) => p.split('=') as [string, string]));
  return after
    .split(',')
    .map((p) => p.split('=') as [string, string])
    .filter(([t, v]) => a.get(t) !== v)
    .map(([t]) => t)
    .join(', ');
}
