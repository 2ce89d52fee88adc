import type { Kysely } from 'kysely';
import type { PublicStats } from '../../../shared/site';
import type { DB } from '../../db/types';
import { countActiveUsers, countPublishedPrompts, countReplies, medianReplyLatency } from './repository';

/** Live figures for the home page's stats strip. */
export async function getPublicStats(db: Kysely<DB>): Promise<PublicStats> {
  const [users, publishedPrompts, replies, medianReplyMs] = await Promise.all([
    countActiveUsers(db),
    countPublishedPrompts(db),
    countReplies(db),
    medianReplyLatency(db),
  ]);
  return {
    users,
    publishedPrompts,
    successRate: replies.total > 0 ? Math.round((replies.complete / replies.total) * 1000) / 10 : null,
    medianReplyMs,
  };
}

/**
 * The home page asks on every visit; the figures move slowly, so one computation serves everyone
 * for `ttlMs`.
 */
export function cachedPublicStats(db: Kysely<DB>, ttlMs = 60_000) {
  let cached: { at: number; value: Promise<PublicStats> } | null = null;
  return (): Promise<PublicStats> => {
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const value = getPublicStats(db);
      cached = { at: now, value };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
}
