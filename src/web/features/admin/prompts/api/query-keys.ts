import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The admin marketplace's cache keys, in the account scope so a sign-out drops them. */
export const adminPromptKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin', 'prompts'] as const,
  list: (query: object) => [...adminPromptKeys.all, 'list', query] as const,
};

/**
 * After any change: the admin list and stats, and the public catalogue ('marketplace' is its key
 * prefix; this feature cannot import it), which would otherwise keep a stale badge for 2 minutes.
 */
export function refreshAfterAdminPromptChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPromptKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  ]);
}
