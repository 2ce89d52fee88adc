import { useQuery } from '@tanstack/react-query';
import { type MyTeam, MyTeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/**
 * GET /api/team, for the upload form's "Share with my team" choice (the Team page has its own
 * fetcher; both use the [account, 'team'] key, so they share one cached answer).
 */
export async function getMyTeam(signal?: AbortSignal): Promise<MyTeam> {
  return MyTeamSchema.parse(await api.get<unknown>('/team', undefined, signal));
}

export function useMyTeam() {
  return useQuery({
    queryKey: [ACCOUNT_QUERY_SCOPE, 'team'] as const,
    queryFn: ({ signal }) => getMyTeam(signal),
    staleTime: 15 * 1000,
    // Without an answer the form simply offers no team choice.
    meta: { silent: true },
  });
}
