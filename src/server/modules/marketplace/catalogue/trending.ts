import type { FastifyBaseLogger } from 'fastify';
import type { MarketplaceDeps } from '../deps';
import * as repo from './trending-repository';

/** Activity weights for trending: a purchase says more than a like. */
export const TRENDING_WEIGHTS = {
  'prompt.liked': 1,
  'prompt.downloaded': 2,
  'prompt.tried': 2,
  'prompt.purchased': 5,
} as const;
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_TOP = 12;

/**
 * Recomputes trending from the last seven days of likes, downloads, tries and purchases: every
 * prompt gets its score, and the top ones the Trending badge. One grouped query and a few updates,
 * so it can run every few minutes.
 */
export async function refreshTrending(deps: MarketplaceDeps, now = new Date()) {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
  const [rows, pinned] = await Promise.all([
    repo.recentActivityScores(deps.db, since, TRENDING_WEIGHTS),
    repo.trendingPinnedIds(deps.db),
  ]);
  const ranked = rows
    .map((r) => ({ promptId: r.prompt_id as string, score: Number(r.score) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.promptId.localeCompare(b.promptId));
  // Prompts an admin pinned keep the admin's choice and do not take one of the computed places.
  const top = ranked.filter((r) => !pinned.has(r.promptId)).slice(0, TRENDING_TOP);
  const topIds = new Set(top.map((r) => r.promptId));
  await repo.writeTrending(
    deps.db,
    ranked.map((r) => ({ ...r, trending: topIds.has(r.promptId) })),
  );
  return top.map((r) => r.promptId);
}

/**
 * The refresh as the catalogue runs it (at start and as a scheduled job, catalogue.ts): one run at a
 * time, a run asked for meanwhile joining it, a failure logged rather than thrown.
 */
export function trendingRefresh(deps: MarketplaceDeps, log: FastifyBaseLogger) {
  let refreshing: Promise<void> | null = null;
  return {
    run: () =>
      (refreshing ??= refreshTrending(deps)
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err }, 'trending refresh failed'))
        .finally(() => {
          refreshing = null;
        })),
    /** The run under way, if any (shutdown waits for it). */
    running: () => refreshing,
  };
}
