import { useQuery } from '@tanstack/react-query';
import { type MyTeam, MyTeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';

/**
 * GET /api/team, for the upload form's "Share with my team" choice (the Team page has its own
 * fetcher; both use the ['team'] key, so they share one cached answer).
 */
export async function getMyTeam(signal?: AbortSignal): Promise<MyTeam> {
  return MyTeamSchema.parse(await api.get<unknown>('/team', undefined, signal));
}

export function useMyTeam() {
  return useQuery({
    queryKey: ['team'] as const,
    queryFn: ({ signal }) => getMyTeam(signal),
    staleTime: 15 * 1000,
    // Without an answer the form simply offers no team choice.
    meta: { silent: true },
  });
}
