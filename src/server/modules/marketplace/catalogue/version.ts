import { CompiledQuery } from 'kysely';
import type { Sort } from '../../../../shared/constants';
import type { Database } from '../../../db/database';
import { keepPrepared } from '../../../db/prepared';

/*
 * The catalogue's data version (decision 010), which every cached answer is checked against, and
 * the values kept in memory under it. What moves which version is written in catalogue.ts.
 */

export interface CatalogueVersion {
  /** Moves on any write that changes what a marketplace answer shows. */
  content: number;
  /** Moves when the set of prompts a filter lists, or their created order, changes (keys cached totals). */
  membership: number;
  /** The feed's last number (migration 0014): likes and views of prompts note them there. */
  search: number;
  /** Moves when likes or views change: the popular order (migration 0016). */
  popularity: number;
  /** Moves when any other column a sort orders by changes: rating, downloads, flags, price. */
  standing: number;
}

const VERSION_SQL =
  'select content, membership, search, popularity, standing from catalogue_version where id = 1';
const VERSION_QUERY = CompiledQuery.raw(VERSION_SQL);
keepPrepared(VERSION_SQL);

type VersionRow = Record<keyof CatalogueVersion, number | string>;
const toVersion = (row: VersionRow | undefined): CatalogueVersion => ({
  content: Number(row?.content ?? 0),
  membership: Number(row?.membership ?? 0),
  search: Number(row?.search ?? 0),
  popularity: Number(row?.popularity ?? 0),
  standing: Number(row?.standing ?? 0),
});

/**
 * Reads the catalogue's data version, which every cached answer checks. The callers of one turn of
 * the event loop share one read, made after all of them arrived (in the turn's check phase): it sees
 * every write committed before any of them arrived, which is all "never stale" asks (a caller never
 * joins a read that was already made). On PostgreSQL a read is a round trip whose client work costs
 * more than a cached answer; on SQLite it is a synchronous read on the app's connection (readSync)
 * that cost a fifth of a cached prompt page, once per request. While a transaction is open on that
 * connection, readSync would see its uncommitted writes: the read then waits in the driver's queue
 * for the transaction to end, and sees what it committed.
 */
export function catalogueVersionReader(database: Database): () => Promise<CatalogueVersion> {
  const { readSync } = database;
  const viaDriver = async () =>
    toVersion((await database.db.executeQuery<VersionRow>(VERSION_QUERY)).rows[0]);
  const read = readSync
    ? () => {
        const row = readSync<VersionRow>(VERSION_SQL);
        return row === null ? viaDriver() : toVersion(row);
      }
    : viaDriver;
  let next: Promise<CatalogueVersion> | null = null;
  return () =>
    (next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = null;
      return read();
    }));
}

/**
 * Values kept by key under a version of the catalogue, used only while the version is the same.
 * Counting every published prompt costs milliseconds once the catalogue is large, and the answer
 * changes only when a prompt joins or leaves a list: the total of an unsearched list (one per
 * category and type) is kept until the catalogue's membership version moves (migration 0012). A
 * page's ids are kept until a version its order depends on moves (migration 0016).
 */
export function createVersionedMap<T>(maxEntries = 64) {
  const entries = new Map<string, { value: T; version: number | string }>();
  return {
    get(key: string, version: number | string): T | undefined {
      const e = entries.get(key);
      return e?.version === version ? e.value : undefined;
    },
    set(key: string, version: number | string, value: T) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, version });
    },
    clear() {
      entries.clear();
    },
  };
}
export type VersionedMap<T> = ReturnType<typeof createVersionedMap<T>>;

/**
 * The versions an unsearched list page's ids depend on, in its sort (migration 0016): which prompts
 * the list holds and their created order (`membership`), and for a sort by a counter or a flag the
 * version that moves with it. The newest-first order (and relevance without a search, which is
 * the same) depends on membership alone: a like re-reads only the popular order's ids.
 */
export function pageIdsVersion(sort: Sort, v: CatalogueVersion): string {
  switch (sort) {
    case 'latest':
    case 'relevance':
      return `${v.membership}`;
    case 'popular':
      return `${v.membership}.${v.popularity}`;
    default:
      return `${v.membership}.${v.standing}`;
  }
}
