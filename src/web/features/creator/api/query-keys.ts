import type { QueryClient } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@shared/creator';
import type { PromptStatus } from '@shared/constants';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/**
 * The creator studio's cache keys, inside the account scope so that signing in as someone else drops
 * another creator's prompts and figures from the cache. Every change to a prompt refreshes `all`:
 * the overview, the list and the analytics all count it.
 */
export const creatorKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'creator'] as const,
  dashboard: () => [...creatorKeys.all, 'dashboard'] as const,
  prompts: (params: { page: number; limit: number; status?: PromptStatus }) =>
    [...creatorKeys.all, 'prompts', params] as const,
  analytics: (period: AnalyticsPeriod) => [...creatorKeys.all, 'analytics', period] as const,
  payouts: () => [...creatorKeys.all, 'payouts'] as const,
  tests: (id: string) => [...creatorKeys.all, 'tests', id] as const,
  examples: (id: string) => [...creatorKeys.all, 'examples', id] as const,
};

/**
 * After any change to a prompt: the studio's figures and lists, and the public catalogue, which
 * caches its pages for 2 minutes and would otherwise not show a newly published prompt at once.
 * 'marketplace' is the public catalogue's key prefix; the studio cannot import that feature.
 */
export function refreshAfterPromptChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  ]);
}
