import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';
import type { FeedNotes } from '../../../lib/response-cache';
import * as repo from './feed-repository';

/*
 * Follows the feed of changed prompts (migration 0014) for the response cache (decision 030): a
 * like or a counted view moves no version but notes its prompt there, and a cached answer showing
 * prompts stays exact while none of them was noted since it was built. Each request passes the
 * feed number it read with the catalogue's version; when this instance has not seen that number,
 * the notes past the last one seen are read (one query) and each prompt's last number kept.
 */

/** More notes than this at once, or notes pruned before they were read: start again from now. */
const MAX_CHANGES = 5000;
/** Feed numbers kept when pruning. */
const KEEP_CHANGES = 10_000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Prompts whose last note is kept; past it the record starts again from now. */
const MAX_NOTED = 100_000;

export interface TallyFeed extends FeedNotes {
  /** Reads the feed's notes up to at least `seq` (at once when already read). */
  follow(seq: number): void | Promise<void>;
  /** Deletes notes every instance has had time to read. */
  prune(): Promise<void>;
  close(): Promise<void>;
}

export function createTallyFeed(db: Kysely<DB>, onError: (err: unknown, what: string) => void): TallyFeed {
  /** The last feed number read; null until the first request (the record starts there). */
  let applied: number | null = null;
  let wanted = 0;
  const noted = new Map<string, number>();
  let notedFrom = 0;
  let authorNoted = 0;
  let syncing: Promise<void> | null = null;

  const restart = (at: number) => {
    noted.clear();
    applied = at;
    notedFrom = at;
  };
  const apply = async () => {
    const from = applied!;
    const { changes, pruned } = await repo.searchChanges(db, from, MAX_CHANGES + 1);
    if (from < pruned || changes.length > MAX_CHANGES || noted.size + changes.length > MAX_NOTED) {
      restart(Math.max(wanted, ...changes.map((c) => c.seq)));
      return;
    }
    for (const c of changes) {
      if (c.promptId) noted.set(c.promptId, Math.max(noted.get(c.promptId) ?? 0, c.seq));
      if (c.authorId) authorNoted = Math.max(authorNoted, c.seq);
    }
    // Every note up to `wanted` was committed before it was asked for; later ones read here too.
    applied = Math.max(wanted, ...changes.map((c) => c.seq));
  };
  const sync = async () => {
    while (applied! < wanted) {
      syncing ??= apply().finally(() => {
        syncing = null;
      });
      await syncing;
    }
  };
  const prune = () =>
    repo
      .pruneSearchChanges(db, KEEP_CHANGES)
      .catch((err: unknown) => onError(err, 'pruning the feed failed'));
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();

  return {
    follow(seq) {
      if (applied === null) restart(seq);
      if (seq <= applied!) return;
      wanted = Math.max(wanted, seq);
      // A failed read leaves the record behind: notedSince then says it cannot tell.
      return sync().catch((err: unknown) => onError(err, 'following the feed failed'));
    },
    notedSince(ids, since, upTo) {
      if (applied === null || applied < upTo || since < notedFrom || authorNoted > since) return true;
      for (const id of ids) if ((noted.get(id) ?? 0) > since) return true;
      return false;
    },
    prune,
    async close() {
      clearInterval(timer);
      await syncing;
    },
  };
}
