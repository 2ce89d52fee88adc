import crypto from 'node:crypto';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { nowIso, todayUtc } from '../../lib/time';
import type { AuthContext, MarketplaceDeps } from './deps';
import * as repo from './engagement-repository';
import { promptCounters } from './prompt-page-repository';
import { PREMIUM_LOCKED, PROMPT_NOT_FOUND, visiblePrompt } from './visible-prompt';

/** Engagement: a prompt's views (counted once per viewer per day), likes and downloads. */

/** Who is looking at a prompt's page, for counting views once per viewer per day. */
export interface Viewer {
  auth: AuthContext | null;
  ip: string;
  userAgent: string;
}

/** Anonymous viewers' keys by address and browser, kept for repeat views (cleared when full). */
const anonymousKeys = new Map<string, string>();
const MAX_ANONYMOUS_KEYS = 10_000;

/** A signed-in user by id, anyone else by an address-and-browser fingerprint, hashed, never stored as is. */
export function viewerKey(viewer: Viewer): string {
  if (viewer.auth) return `u:${viewer.auth.userId}`;
  const text = `${viewer.ip}|${viewer.userAgent}`;
  let key = anonymousKeys.get(text);
  if (key === undefined) {
    key = `a:${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (anonymousKeys.size >= MAX_ANONYMOUS_KEYS) anonymousKeys.clear();
    anonymousKeys.set(text, key);
  }
  return key;
}

/**
 * Counts a view of a published prompt. Anonymous views, the bulk of a public marketplace's traffic
 * and the ones served from the shared cache, are batched (decision 010) and noted at once, without
 * a promise; a signed-in user's is written now (one per user per day, and creators' analytics show
 * it as it happens).
 */
export function countView(
  deps: MarketplaceDeps,
  promptId: string,
  viewer: Viewer,
): Promise<void> | undefined {
  const key = viewerKey(viewer);
  if (deps.views && !viewer.auth) {
    deps.views.record(promptId, key);
    return undefined;
  }
  return writeView(deps, promptId, key);
}

async function writeView(deps: MarketplaceDeps, promptId: string, key: string) {
  if (await repo.insertView(deps.db, promptId, key, todayUtc())) {
    await repo.addViews(deps.db, promptId, 1);
  }
}

/** Likes or unlikes; with `liked` given the call is idempotent, without it it toggles. */
export async function setLike(deps: MarketplaceDeps, idOrSlug: string, auth: AuthContext, liked?: boolean) {
  const { db } = deps;
  let prompt = idOrSlug;
  let want = liked;
  if (want === undefined || deps.engine === 'sqlite') {
    // Only a published prompt can be liked: anything else is "not found" to everyone, its author too.
    const row = await repo.findPublishedPromptId(db, idOrSlug);
    if (!row) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
    prompt = row.id;
    want ??= !(await repo.hasLiked(db, row.id, auth.userId));
  }
  if (deps.engine === 'postgres') {
    // One round trip, where the transaction below takes seven on PostgreSQL (finding the published
    // prompt included, so a prompt unpublished since it was found is not found here either).
    const done = await repo.setLikeAtOnce(db, prompt, auth.userId, want);
    if (!done) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
    return { liked: want, likes: done.likes };
  }
  await db.transaction().execute(async (trx) => {
    if (want) {
      if (await repo.addLike(trx, prompt, auth.userId, nowIso())) {
        await recordActivity(trx, { type: 'prompt.liked', actorId: auth.userId, promptId: prompt });
      }
    } else {
      await repo.removeLike(trx, prompt, auth.userId);
    }
  });
  const counters = await promptCounters(db, prompt);
  return { liked: want, likes: counters.likes_count };
}

/** The full text for entitled callers; the first download by each user is counted. */
export async function downloadPrompt(deps: MarketplaceDeps, idOrSlug: string, auth: AuthContext) {
  const { db } = deps;
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  if (!access.canRead) throw new AppError('AUTHORIZATION_ERROR', PREMIUM_LOCKED);
  if (row.status === 'published') {
    await db.transaction().execute(async (trx) => {
      if (await repo.addDownload(trx, row.id, auth.userId, nowIso())) {
        await recordActivity(trx, { type: 'prompt.downloaded', actorId: auth.userId, promptId: row.id });
      }
    });
  }
  const counters = await promptCounters(db, row.id);
  return { title: row.title, content: row.content, downloads: counters.downloads_count };
}
