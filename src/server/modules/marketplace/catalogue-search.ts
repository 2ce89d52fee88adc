import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import * as repo from './repository';
import { SearchIndex } from './search-index';

/*
 * Keeps this instance's in-memory search index (search-index.ts) in step with the database
 * (decision 020). The index is built from the published prompts in the background at start; until
 * it is ready, `current` gives null and searches run in SQL as before. Afterwards every search
 * passes the feed number it read with the catalogue's version (migration 0014): when the index has
 * not applied that number yet, the feed's notes past the last applied one are read, their prompts
 * (or their authors' prompts) reloaded, and only then is the index used. A search therefore sees
 * every write committed before it read the version, from any instance.
 */

/** Prompts read per query while building. */
const BUILD_BATCH = 5000;
/** More notes than this to apply at once: rebuilding is cheaper than reloading them one by one. */
const MAX_CHANGES = 5000;
/** Feed numbers kept when pruning: an instance further behind rebuilds. */
const KEEP_CHANGES = 10_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** The index of published prompts, each with its card (what a search answers with). */
export type CardIndex = SearchIndex<repo.SearchDocumentRow>;

export interface CatalogueSearch {
  /** The index with every change up to `seq` applied, or null while it is being built. */
  current(seq: number): CardIndex | null | Promise<CardIndex | null>;
  /** Whether the index is built (searches run in SQL until it is). */
  readonly ready: boolean;
  /** Builds the index (again) in the background; resolves when it is ready or the build failed. */
  build(): Promise<void>;
  /** Deletes notes every instance has had time to apply. */
  prune(): Promise<void>;
  close(): Promise<void>;
}

export function createCatalogueSearch(
  db: Kysely<DB>,
  onError: (err: unknown, what: string) => void,
): CatalogueSearch {
  let index: CardIndex | null = null;
  /** The last feed number the index has applied. */
  let applied = 0;
  /** The highest feed number a caller asked for. */
  let wanted = 0;
  let building: Promise<void> | null = null;
  let syncing: Promise<void> | null = null;
  let closed = false;

  const build = () =>
    (building ??= (async () => {
      const fresh = new SearchIndex<repo.SearchDocumentRow>();
      // Read before the prompts: whatever changes while they are read is applied from the feed.
      const { search } = await repo.searchFeedMarks(db);
      let after: { created_at: string; id: string } | null = null;
      for (;;) {
        const rows = await repo.publishedSearchDocuments(db, after, BUILD_BATCH);
        for (const row of rows) fresh.put(row);
        if (rows.length < BUILD_BATCH || closed) break;
        const last = rows[rows.length - 1]!;
        after = { created_at: last.created_at, id: last.id };
      }
      if (closed) return;
      fresh.renumber();
      index = fresh;
      applied = search;
    })()
      .catch((err: unknown) => onError(err, 'building the search index failed'))
      .finally(() => {
        building = null;
      }));

  /** Applies the feed's notes past `applied`, up to at least `target`. */
  const apply = async (target: number) => {
    const { changes, pruned } = await repo.searchChanges(db, applied, MAX_CHANGES + 1);
    if (applied < pruned || changes.length > MAX_CHANGES) {
      index = null;
      void build();
      return;
    }
    const promptIds = [...new Set(changes.flatMap((c) => (c.promptId ? [c.promptId] : [])))];
    const authorIds = [...new Set(changes.flatMap((c) => (c.authorId ? [c.authorId] : [])))];
    const [prompts, byAuthors] = await Promise.all([
      repo.searchDocumentsByIds(db, promptIds),
      repo.publishedSearchDocumentsByAuthors(db, authorIds),
    ]);
    if (!index) return;
    const found = new Map(prompts.map((p) => [p.id, p]));
    for (const id of promptIds) {
      const doc = found.get(id);
      if (doc?.status === 'published') index.put(doc);
      else index.remove(id);
    }
    for (const doc of byAuthors) index.put(doc);
    // Every note up to `target` was committed before it was read; later ones read here too.
    applied = Math.max(target, ...changes.map((c) => c.seq));
  };

  const sync = async (): Promise<CardIndex | null> => {
    while (index && applied < wanted) {
      syncing ??= apply(wanted).finally(() => {
        syncing = null;
      });
      await syncing;
    }
    return index;
  };

  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  const prune = () =>
    repo
      .pruneSearchChanges(db, KEEP_CHANGES)
      .catch((err: unknown) => onError(err, 'pruning search notes failed'));

  return {
    get ready() {
      return index !== null;
    },
    current(seq) {
      if (!index) return null;
      if (seq <= applied) return index;
      wanted = Math.max(wanted, seq);
      // A failed read leaves this search to SQL; the next one tries again.
      return sync().catch((err: unknown) => {
        onError(err, 'following the search feed failed');
        return null;
      });
    },
    build,
    prune,
    async close() {
      closed = true;
      clearInterval(timer);
      await building;
      await syncing;
    },
  };
}
