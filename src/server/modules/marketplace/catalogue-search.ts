import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
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
 *
 * The cards a search answers with come from a bounded cache of cards by prompt, which applying the
 * feed keeps exact: a note drops its prompt's card (an author's note drops every card), and a card
 * read from the database is only kept if no note was applied while it was being read.
 */

/** Prompts read per query while building. */
const BUILD_BATCH = 5000;
/** More notes than this to apply at once: rebuilding is cheaper than reloading them one by one. */
const MAX_CHANGES = 5000;
/** Feed numbers kept when pruning: an instance further behind rebuilds. */
const KEEP_CHANGES = 10_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Cards kept (about 1 KB each): every page of the popular searches, not the whole catalogue. */
const MAX_CARDS = 20_000;
/** Prompts whose last note is kept for notedSince; past it the record starts again from now. */
const MAX_NOTED = 100_000;

export interface CatalogueSearch {
  /** The index with every change up to `seq` applied, or null while it is being built. */
  current(seq: number): SearchIndex | null | Promise<SearchIndex | null>;
  /** The cards of these prompts, in this order (a prompt no longer there is left out). */
  cards(ids: string[]): Promise<repo.PromptCardRow[]>;
  /** Whether the index is built (searches run in SQL until it is). */
  readonly ready: boolean;
  /** Builds the index (again) in the background; resolves when it is ready or the build failed. */
  build(): Promise<void>;
  /** Deletes notes every instance has had time to apply. */
  prune(): Promise<void>;
  /**
   * Whether the feed noted any of these prompts after number `since`, up to `upTo` (a cached answer
   * built at `since` showing them is still exact at `upTo` when not). True when it cannot tell: the
   * index is building, has not applied `upTo` yet, or was built after `since`. An author's note
   * counts for every prompt.
   */
  notedSince(ids: readonly string[], since: number, upTo: number): boolean;
  close(): Promise<void>;
}

/** Where the index reports its builds and failures (the app's logger). */
export interface SearchLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export function createCatalogueSearch(
  db: Kysely<DB>,
  engine: Engine,
  log: SearchLog,
  options: { maxCards?: number } = {},
): CatalogueSearch {
  const maxCards = options.maxCards ?? MAX_CARDS;
  const onError = (err: unknown, what: string) => log.error({ err }, what);
  let index: SearchIndex | null = null;
  /**
   * Cards by prompt id, oldest first, each marked when read since it was stored (a second chance:
   * the oldest unmarked one goes first). A hit only sets the mark: moving the card to the end, as a
   * strict LRU does, was two map operations per card, a hundred per search.
   */
  const cardCache = new Map<string, { row: repo.PromptCardRow; used: boolean }>();
  const evict = () => {
    for (const [id, entry] of cardCache) {
      if (cardCache.size <= maxCards) break;
      cardCache.delete(id);
      if (entry.used) {
        entry.used = false;
        cardCache.set(id, entry);
      }
    }
  };
  /** Moves whenever notes are applied: a card read across a move may be older than the feed. */
  let generation = 0;
  /** The last feed number the index has applied. */
  let applied = 0;
  /** The highest feed number a caller asked for. */
  let wanted = 0;
  /** The number of each prompt's last note applied, for notes past `notedFrom`. */
  const noted = new Map<string, number>();
  let notedFrom = 0;
  /** The number of the last author's note applied. */
  let authorNoted = 0;
  let building: Promise<void> | null = null;
  let syncing: Promise<void> | null = null;
  let closed = false;

  const build = () =>
    (building ??= (async () => {
      const started = performance.now();
      const fresh = new SearchIndex();
      // Read before the prompts: whatever changes while they are read is applied from the feed.
      const { search } = await repo.searchFeedMarks(db);
      let after: { created_at: string; id: string } | null = null;
      for (;;) {
        const rows = await repo.publishedSearchDocuments(db, after, BUILD_BATCH);
        for (const row of rows) fresh.put(row);
        if (rows.length < BUILD_BATCH || closed) break;
        // Let requests in between batches (SQLite's reads do not leave the event loop).
        await nextTurn();
        const last = rows[rows.length - 1]!;
        after = { created_at: last.created_at, id: last.id };
      }
      if (closed) return;
      fresh.renumber();
      index = fresh;
      applied = search;
      generation++;
      cardCache.clear();
      noted.clear();
      notedFrom = search;
      log.info({ prompts: fresh.size, ms: Math.round(performance.now() - started) }, 'search index built');
    })()
      .catch((err: unknown) => onError(err, 'building the search index failed'))
      .finally(() => {
        building = null;
      }));

  /** Applies the feed's notes past `applied`, up to at least `target`. */
  const apply = async (target: number) => {
    const { changes, pruned } = await repo.searchChanges(db, applied, MAX_CHANGES + 1);
    if (applied < pruned || changes.length > MAX_CHANGES) {
      // Searches run in SQL until the new index is built: worth seeing in the log at warn.
      log.warn(
        { applied, pruned, pending: changes.length },
        applied < pruned
          ? 'search index rebuilding: notes it needed were pruned'
          : 'search index rebuilding: too many changes to apply',
      );
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
    generation++;
    for (const id of promptIds) cardCache.delete(id);
    if (authorIds.length > 0) cardCache.clear();
    const found = new Map(prompts.map((p) => [p.id, p]));
    for (const id of promptIds) {
      const doc = found.get(id);
      if (doc?.status === 'published') index.put(doc);
      else index.remove(id);
    }
    for (const doc of byAuthors) index.put(doc);
    if (noted.size + promptIds.length > MAX_NOTED) {
      noted.clear();
      notedFrom = applied;
    }
    for (const c of changes) {
      if (c.promptId) noted.set(c.promptId, Math.max(noted.get(c.promptId) ?? 0, c.seq));
      if (c.authorId) authorNoted = Math.max(authorNoted, c.seq);
    }
    // Every note up to `target` was committed before it was read; later ones read here too.
    applied = Math.max(target, ...changes.map((c) => c.seq));
  };

  const sync = async (): Promise<SearchIndex | null> => {
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
    async cards(ids) {
      const cards: repo.PromptCardRow[] = [];
      let missing: string[] | null = null;
      for (const id of ids) {
        const entry = cardCache.get(id);
        if (entry) {
          entry.used = true;
          cards.push(entry.row);
        } else (missing ??= []).push(id);
      }
      if (!missing) return cards;
      const before = generation;
      const rows = await repo.cardsByIds(db, engine, missing);
      const read = new Map(rows.map((row) => [row.id, row]));
      const ordered = ids.flatMap((id) => cardCache.get(id)?.row ?? read.get(id) ?? []);
      if (generation === before) {
        for (const row of rows) cardCache.set(row.id, { row, used: false });
        evict();
      }
      return ordered;
    },
    notedSince(ids, since, upTo) {
      if (!index || applied < upTo || since < notedFrom || authorNoted > since) return true;
      for (const id of ids) if ((noted.get(id) ?? 0) > since) return true;
      return false;
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
