import type { Kysely } from 'kysely';
import type { PublicStats, SiteConfig } from '../../../shared/site';
import type { Config } from '../../config';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
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

/**
 * The deployment's facts the browser is told (GET /api/site/config, and every server-rendered page):
 * fixed for the server's lifetime. What the site claims about itself (an encrypted connection, who
 * takes the payments, which models answer, the currency) is written from these, never assumed.
 */
export function siteConfig(
  config: Pick<Config, 'demo' | 'publicUrl'> & { payments: Pick<Config['payments'], 'gateway' | 'currency'> },
  models: readonly { name: string; live: boolean }[],
): SiteConfig {
  const { demo } = config;
  return {
    demo,
    // Only in demo mode, where these accounts exist and are meant to be tried.
    demoAccounts: demo
      ? {
          user: { email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password },
          admin: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
        }
      : null,
    https: config.publicUrl.startsWith('https://'),
    payments: config.payments.gateway,
    currency: config.payments.currency,
    liveModels: models.filter((model) => model.live).map((model) => model.name),
  };
}
