import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types';

/** All SQL of the trending refresh: the week's weighted activity, the pins, the scores and badges. */

/** Weighted activity of the last days per prompt; the trending job ranks by it. */
export async function recentActivityScores(db: Kysely<DB>, since: string, weights: Record<string, number>) {
  const score = sql<number>`sum(case ${sql.join(
    Object.entries(weights).map(([type, w]) => sql`when type = ${type} then ${w}`),
    sql` `,
  )} else 0 end)`;
  return db
    .selectFrom('activity_events')
    .select(['prompt_id', score.as('score')])
    .where('created_at', '>=', since)
    .where('prompt_id', 'is not', null)
    .where('type', 'in', Object.keys(weights))
    .groupBy('prompt_id')
    .execute();
}

/** Prompts whose trending badge an admin pinned on or off. */
export async function trendingPinnedIds(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db.selectFrom('prompts').select('id').where('trending_pinned', 'is not', null).execute();
  return new Set(rows.map((r) => r.id));
}

/** What the trending refresh reads and writes of a prompt. */
type TrendingRow = { id: string; trending_score: number; trending: number; trending_pinned: number | null };

/**
 * The prompts with a trending score, badge or pin: read through migration 0015's partial index,
 * whose condition this is, word for word (SQLite uses a partial index only for a query whose
 * condition implies the index's).
 */
export const trendingRows = (db: Kysely<DB>) =>
  db
    .selectFrom('prompts')
    .select(['id', 'trending_score', 'trending', 'trending_pinned'])
    .where(sql<boolean>`trending_score != 0 or trending = 1 or trending_pinned is not null`);

/** Prompts a trending write changes per transaction (see writeTrending). */
const TRENDING_BATCH = 500;

/**
 * Sets every trending score and flag, writing only the prompts whose score or flag changes: the
 * scores follow the activity of a sliding window, so between two runs few move, and rewriting every
 * scored prompt each time (820 000 rows on a million-prompt catalogue, with their triggers) held
 * the database for minutes every ten. A prompt an admin pinned (trending_pinned not null) keeps the
 * admin's choice; its score still follows activity.
 *
 * The changes are written `batch` prompts to a transaction, with a turn of the event loop between
 * two: SQLite's statements run on the event loop, and the first run on a freshly loaded catalogue
 * changes every scored prompt (minutes at a million, during which nothing else would be answered,
 * the server's start included). Each batch reads its prompts again inside its transaction, so a
 * pin set meanwhile is kept. Readers may see a run half written for a moment: the next batches
 * follow at once, and a run that stops half way is finished by the next.
 */
export async function writeTrending(
  db: Kysely<DB>,
  scores: { promptId: string; score: number; trending: boolean }[],
  batch = TRENDING_BATCH,
) {
  const wanted = new Map<string, { score: number; computed: boolean }>();
  for (const s of scores) wanted.set(s.promptId, { score: s.score, computed: s.trending });
  const target = (row: { id: string; trending_pinned: number | null }) => {
    const want = wanted.get(row.id) ?? { score: 0, computed: false };
    return { score: want.score, trending: row.trending_pinned ?? (want.computed ? 1 : 0) };
  };
  const unchanged = (row: TrendingRow) => {
    const want = target(row);
    return Number(row.trending_score) === want.score && Number(row.trending) === Number(want.trending);
  };
  // The prompts that may change: those whose score or flag differs now, and the newly scored.
  const current = await trendingRows(db).execute();
  const known = new Set(current.map((r) => r.id));
  const candidates = [
    ...current.filter((row) => !unchanged(row)).map((row) => row.id),
    ...[...wanted.keys()].filter((id) => !known.has(id)),
  ];
  for (let i = 0; i < candidates.length; i += batch) {
    if (i > 0) await nextTurn();
    const ids = candidates.slice(i, i + batch);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('prompts')
        .select(['id', 'trending_score', 'trending', 'trending_pinned'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) {
        if (unchanged(row)) continue;
        const want = target(row);
        await trx
          .updateTable('prompts')
          .set({ trending_score: want.score, trending: want.trending })
          .where('id', '=', row.id)
          .execute();
      }
    });
  }
}
