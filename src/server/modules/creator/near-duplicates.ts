import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB, PromptRow } from '../../db/types';
import type { Jobs } from '../../jobs';
import { trigramSimilarity, trigramsOf } from '../../lib/trigrams';
import * as repo from './near-duplicates-repository';

/*
 * Near-duplicate detection (issue 57, decision 058): on import and on publish, a prompt's text is
 * compared with every published listing by someone else by trigram similarity (pg_trgm's measure
 * on both engines: lib/trigrams.ts on SQLite). At or above the threshold it is flagged: the
 * creator sees which listing it nearly matches, the moderators see a flag in the admin list.
 * An edit of a published prompt's text is compared again by a job queued in the edit's
 * transaction (decision 066): on SQLite the comparison takes seconds at 10 000 listings, too long
 * for a save to wait.
 */

/**
 * A near copy: measured 0.75-0.97 for a prompt with a few words changed, against 0.22-0.44 for
 * unrelated prompts and for a prompt on the same task written anew (decision 058).
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.6;

/*
 * On SQLite a text of length L can only reach the threshold against texts whose trigram sets are
 * within a factor of it in size; lengths between L * 0.4 and L / 0.4 keep every such text (the
 * sets grow more slowly than the text) and skip the rest unread.
 */
const LENGTH_WINDOW = 0.4;
const PAGE = 500;

export interface NearDuplicate {
  id: string;
  slug: string;
  title: string;
  /** Rounded to two decimals. */
  similarity: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A finder of near duplicates of texts by `authorId`, for one request: on SQLite it keeps each
 * listing's trigram set once read, so an import's rows do not build the same sets again (building
 * a set costs about twenty times comparing two: 200 us against 11 us for 500 characters here).
 */
export function nearDuplicateFinder(deps: { db: Kysely<DB>; engine: Engine }, authorId: string) {
  const sets = new Map<string, Set<string>>();
  return async (text: string): Promise<NearDuplicate | null> => {
    if (deps.engine === 'postgres') {
      const row = await repo.mostSimilarOnPostgres(deps.db, text, authorId, NEAR_DUPLICATE_THRESHOLD);
      return row
        ? { id: row.id, slug: row.slug, title: row.title, similarity: round2(row.similarity) }
        : null;
    }
    const mine = trigramsOf(text);
    const length = text.length;
    let best: NearDuplicate | null = null;
    let bestScore = 0;
    for (let after = ''; ;) {
      const page = await repo.candidatesOnSqlite(
        deps.db,
        authorId,
        Math.floor(length * LENGTH_WINDOW),
        Math.ceil(length / LENGTH_WINDOW),
        after,
        PAGE,
      );
      for (const c of page) {
        let theirs = sets.get(c.id);
        if (!theirs) {
          theirs = trigramsOf(c.content);
          sets.set(c.id, theirs);
        }
        const score = trigramSimilarity(mine, theirs);
        if (score >= NEAR_DUPLICATE_THRESHOLD && score > bestScore) {
          bestScore = score;
          best = { id: c.id, slug: c.slug, title: c.title, similarity: round2(score) };
        }
      }
      if (page.length < PAGE) return best;
      after = page[page.length - 1]!.id;
    }
  };
}

/** The published listing by someone other than `authorId` whose text nearly matches `text`, if any. */
export const findNearDuplicate = (
  deps: { db: Kysely<DB>; engine: Engine },
  text: string,
  authorId: string,
): Promise<NearDuplicate | null> => nearDuplicateFinder(deps, authorId)(text);

/** The near-duplicate flag of a text about to go live (or be imported, or edited live), as the row stores it. */
export async function duplicateColumns(
  deps: { db: Kysely<DB>; engine: Engine },
  content: string,
  authorId: string,
): Promise<Pick<PromptRow, 'duplicate_of' | 'duplicate_similarity'>> {
  const match = await findNearDuplicate(deps, content, authorId);
  return { duplicate_of: match?.id ?? null, duplicate_similarity: match?.similarity ?? null };
}

/** The queue of the re-check of a published prompt's edited text. */
export const RECHECK_QUEUE = 'near-duplicate-recheck';

/**
 * The re-check job: a published prompt's current text compared as publish compares it, its flag
 * set or cleared, unless the text changed meanwhile (that edit queued a re-check of its own).
 */
export async function recheckNearDuplicate(deps: { db: Kysely<DB>; engine: Engine }, promptId: string) {
  const row = await repo.findPublishedText(deps.db, promptId);
  if (!row) return;
  await repo.writeFlag(
    deps.db,
    promptId,
    row.content,
    await duplicateColumns(deps, row.content, row.author_id),
  );
}

/** Declares the re-check queue on the app's job runner. */
export function registerNearDuplicateJob(deps: { db: Kysely<DB>; engine: Engine; jobs: Jobs }) {
  deps.jobs.work<{ promptId: string }>(RECHECK_QUEUE, { retryLimit: 3 }, (job) =>
    recheckNearDuplicate(deps, job.data.promptId),
  );
}
