import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CreateReviewSchema, Review } from '../../../shared/marketplace';
import type { DB } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { roundRating } from '../../lib/prompt-fields';
import { newId, nowIso } from '../../lib/time';
import { notify } from '../notifications/service';
import { ownsPrompt } from '../prompt-access/service';
import type { AuthContext, MarketplaceDeps } from './deps';
import { type PromptDetailRow, promptCounters } from './prompt-page-repository';
import { type ReviewDeps, holdsPremiumText, snapshotFor, usedWith } from './review-use';
import * as repo from './reviews-repository';
import { publishedPrompt, visiblePrompt } from './visible-prompt';

/** Reviews: who may write one, the list of a prompt's, a review written or edited. */

/** A review as answers show it; a snapshot holding a premium prompt's text is never shown. */
function toReview(r: repo.ReviewRow, prompt: Pick<PromptDetailRow, 'type' | 'content'>): Review {
  const snapshot =
    r.snapshot_output !== null && !holdsPremiumText(prompt, r.snapshot_output)
      ? { model: r.snapshot_model ?? '', at: r.snapshot_at ?? r.updated_at, output: r.snapshot_output }
      : null;
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    author: { id: r.user_id, name: r.name, avatar: r.avatar_url },
    usedWith: r.used_model === null ? null : { model: r.used_model, version: r.used_version },
    snapshot,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Only people who tried the prompt in the playground or bought it may review a published prompt, never its author. */
export async function canReview(db: Kysely<DB>, row: PromptDetailRow, userId: string): Promise<boolean> {
  if (row.author_id === userId || row.status !== 'published') return false;
  return (await repo.hasTried(db, row.id, userId)) || (await ownsPrompt(db, row.id, userId));
}

export async function listPromptReviews(
  deps: MarketplaceDeps,
  idOrSlug: string,
  auth: AuthContext | null,
  page: number,
  limit: number,
) {
  // The prompt's row has its rating: the page's figures come with it (one statement fewer).
  const { row } = await visiblePrompt(deps.db, idOrSlug, auth);
  const reviews = await repo.listReviews(deps.db, row.id, page, limit);
  return {
    reviews: reviews.map((r) => toReview(r, row)),
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
    pagination: {
      page,
      limit,
      total: row.rating_count,
      pages: Math.ceil(row.rating_count / limit),
    },
  };
}

/**
 * One review per user per prompt: a second call edits the first. Only people who tried the prompt
 * in the playground or bought it may review, and never its author. Each write records the model
 * and version of the reviewer's latest try, and sets or keeps the snapshot (review-use.ts).
 */
export async function submitReview(
  deps: ReviewDeps,
  idOrSlug: string,
  auth: AuthContext,
  input: z.output<typeof CreateReviewSchema>,
) {
  const { db } = deps;
  const row = await publishedPrompt(db, idOrSlug, auth);
  if (row.author_id === auth.userId) {
    throw new AppError('AUTHORIZATION_ERROR', 'You cannot review your own prompt.');
  }
  if (!(await canReview(db, row, auth.userId))) {
    throw new AppError(
      'AUTHORIZATION_ERROR',
      'Try this prompt in the playground (or buy it) before reviewing it.',
    );
  }
  const attached = (await repo.findReview(db, row.id, auth.userId))?.snapshot_message_id ?? null;
  const [used, snapshot] = await Promise.all([
    usedWith(deps, row.id, auth.userId),
    snapshotFor(deps, row, auth.userId, input.snapshotMessageId, attached),
  ]);
  const result = await db.transaction().execute(async (trx) => {
    const saved = await repo.upsertReview(trx, {
      id: newId(),
      promptId: row.id,
      userId: auth.userId,
      rating: input.rating,
      body: input.body,
      now: nowIso(),
      use: { ...used, snapshot },
    });
    if (saved.created) {
      await recordActivity(trx, { type: 'prompt.reviewed', actorId: auth.userId, promptId: row.id });
      await notify({ db: trx }, [
        {
          userId: row.author_id,
          kind: 'prompt.reviewed',
          eventKey: `review:${saved.id}`,
          title: `New ${input.rating}-star review of ${row.title}`,
          body: input.body.length > 160 ? `${input.body.slice(0, 159)}…` : input.body,
          link: `/marketplace/${row.slug}`,
          data: { promptId: row.id, reviewId: saved.id },
        },
      ]);
    }
    return saved;
  });
  const [review, counters] = await Promise.all([
    repo.findReviewWithAuthor(db, result.id),
    promptCounters(db, row.id),
  ]);
  return {
    review: toReview(review, row),
    rating: { average: roundRating(Number(counters.rating_avg)), count: counters.rating_count },
    created: result.created,
  };
}

/**
 * Takes a user's likes and reviews out of the totals kept on their prompts, before the account's
 * deletion cascades to those rows (the user module asks, in the deletion's transaction).
 */
export const withdrawFeedback = (trx: Kysely<DB>, userId: string) => repo.withdrawFeedback(trx, userId);
