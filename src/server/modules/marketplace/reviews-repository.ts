import { type Kysely, sql } from 'kysely';
import { compiledOnce, compiledOnceRow } from '../../db/precompiled';
import type { DB } from '../../db/types';
import { LIKES_LESS_ONE } from './engagement-repository';

/** All SQL of reviews: who may write one (a try), a user's review, the list, the rating totals. */

const completedTry = compiledOnceRow(2, (db, promptId: string, userId: string) =>
  db
    .selectFrom('playground_sessions as s')
    .innerJoin('playground_messages as m', 'm.session_id', 's.id')
    .select('s.id')
    .where('s.prompt_id', '=', promptId)
    .where('s.user_id', '=', userId)
    .where('m.role', '=', 'ai')
    .where('m.status', '=', 'complete')
    .limit(1),
);

/** True when the user had a completed reply in a playground session started from this prompt. */
export const hasTried = async (db: Kysely<DB>, promptId: string, userId: string) =>
  Boolean(await completedTry(db, promptId, userId));

/** The user's completed replies in sessions started from this prompt, newest first. */
const ownReplies = (db: Kysely<DB>, promptId: string, userId: string) =>
  db
    .selectFrom('playground_sessions as s')
    .innerJoin('playground_messages as m', 'm.session_id', 's.id')
    .where('s.prompt_id', '=', promptId)
    .where('s.user_id', '=', userId)
    .where('m.role', '=', 'ai')
    .where('m.status', '=', 'complete')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc');

/** The model and date of the user's latest completed reply in a try of this prompt. */
export const latestTry = (db: Kysely<DB>, promptId: string, userId: string) =>
  ownReplies(db, promptId, userId).select(['m.model', 'm.model_key', 'm.created_at']).executeTakeFirst();

/** Up to `limit` of the user's completed replies to this prompt, with their text. */
export const listOwnReplies = (db: Kysely<DB>, promptId: string, userId: string, limit: number) =>
  ownReplies(db, promptId, userId)
    .select(['m.id', 'm.model', 'm.model_key', 'm.content', 'm.created_at'])
    .limit(limit)
    .execute();

/** One reply, only when it is the user's own completed reply in a try of this prompt. */
export const findOwnReply = (db: Kysely<DB>, promptId: string, userId: string, messageId: string) =>
  ownReplies(db, promptId, userId)
    .select(['m.id', 'm.model', 'm.model_key', 'm.content', 'm.created_at'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();

/**
 * The prompt's version at a moment: one more than the versions kept by then (a kept row is written,
 * dated, when an edit replaces it; decision 055).
 */
export async function versionAt(db: Kysely<DB>, promptId: string, at: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('prompt_id', '=', promptId)
    .where('created_at', '<=', at)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** What a review records of the reviewer's use: undefined leaves a column as it is. */
export interface ReviewUse {
  used_model: string | null;
  used_version: number | null;
  snapshot?: {
    snapshot_message_id: string | null;
    snapshot_model: string | null;
    snapshot_output: string | null;
    snapshot_at: string | null;
  };
}

/** A prompt's average rating from its totals, as they are when the statement runs. */
const RATING_AVG = sql<number>`case when rating_count = 0 then 0 else cast(rating_sum as double precision) / rating_count end`;

export const findReview = compiledOnceRow(2, (db, promptId: string, userId: string) =>
  db.selectFrom('prompt_reviews').selectAll().where('prompt_id', '=', promptId).where('user_id', '=', userId),
);

/** Inserts or edits the user's review and moves the prompt's rating totals by the difference. */
export async function upsertReview(
  db: Kysely<DB>,
  r: {
    id: string;
    promptId: string;
    userId: string;
    rating: number;
    body: string;
    now: string;
    use?: ReviewUse;
  },
): Promise<{ id: string; created: boolean }> {
  const existing = await findReview(db, r.promptId, r.userId);
  const use = r.use && { used_model: r.use.used_model, used_version: r.use.used_version, ...r.use.snapshot };
  if (existing) {
    await db
      .updateTable('prompt_reviews')
      .set({ rating: r.rating, body: r.body, updated_at: r.now, ...use })
      .where('id', '=', existing.id)
      .execute();
    await db
      .updateTable('prompts')
      .set((eb) => ({ rating_sum: eb('rating_sum', '+', r.rating - existing.rating) }))
      .where('id', '=', r.promptId)
      .execute();
  } else {
    await db
      .insertInto('prompt_reviews')
      .values({
        id: r.id,
        prompt_id: r.promptId,
        user_id: r.userId,
        rating: r.rating,
        body: r.body,
        ...use,
        created_at: r.now,
        updated_at: r.now,
      })
      .execute();
    await db
      .updateTable('prompts')
      .set((eb) => ({
        rating_sum: eb('rating_sum', '+', r.rating),
        rating_count: eb('rating_count', '+', 1),
      }))
      .where('id', '=', r.promptId)
      .execute();
  }
  await db.updateTable('prompts').set({ rating_avg: RATING_AVG }).where('id', '=', r.promptId).execute();
  return { id: existing?.id ?? r.id, created: !existing };
}

/**
 * Takes a user's likes and reviews out of the totals kept on their prompts, before the account's
 * deletion cascades to those rows (the totals would otherwise still count them: a review count naming
 * a review nobody can read, an average weighing it). Downloads stay counted: a download happened,
 * where a like or a review is what a person says now. Run it in the deletion's transaction.
 */
export async function withdrawFeedback(db: Kysely<DB>, userId: string): Promise<void> {
  const liked = db.selectFrom('prompt_likes').select('prompt_id').where('user_id', '=', userId);
  const reviewed = db.selectFrom('prompt_reviews').select('prompt_id').where('user_id', '=', userId);
  await db.updateTable('prompts').set({ likes_count: LIKES_LESS_ONE }).where('id', 'in', liked).execute();
  await db
    .updateTable('prompts')
    .set((eb) => ({
      rating_sum: eb(
        'rating_sum',
        '-',
        eb
          .selectFrom('prompt_reviews')
          .select('rating')
          .whereRef('prompt_reviews.prompt_id', '=', 'prompts.id')
          .where('prompt_reviews.user_id', '=', userId),
      ),
      rating_count: eb('rating_count', '-', 1),
    }))
    .where('id', 'in', reviewed)
    .execute();
  await db.updateTable('prompts').set({ rating_avg: RATING_AVG }).where('id', 'in', reviewed).execute();
}

/** A review with its author's name and avatar, as answers show it. */
const reviewsWithAuthor = (db: Kysely<DB>) =>
  db
    .selectFrom('prompt_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.rating',
      'r.body',
      'r.used_model',
      'r.used_version',
      'r.snapshot_model',
      'r.snapshot_output',
      'r.snapshot_at',
      'r.created_at',
      'r.updated_at',
      'u.id as user_id',
      'u.name',
      'u.avatar_url',
    ]);

export async function listReviews(db: Kysely<DB>, promptId: string, page: number, limit: number) {
  const rows = await reviewsWithAuthor(db)
    .where('r.prompt_id', '=', promptId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows;
}

export const findReviewWithAuthor = (db: Kysely<DB>, reviewId: string) =>
  reviewsWithAuthor(db).where('r.id', '=', reviewId).executeTakeFirstOrThrow();

export type ReviewRow = Awaited<ReturnType<typeof listReviews>>[number];

const ratingCounts = compiledOnce(1, (db, promptId: string) =>
  db
    .selectFrom('prompt_reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('prompt_id', '=', promptId)
    .groupBy('rating'),
);

/** How many reviews gave 1, 2, 3, 4 and 5 stars. */
export async function ratingBreakdown(db: Kysely<DB>, promptId: string): Promise<number[]> {
  const { rows } = await ratingCounts(db, promptId);
  const counts = [0, 0, 0, 0, 0];
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) counts[r.rating - 1] = Number(r.n);
  return counts;
}
