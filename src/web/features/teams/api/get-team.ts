import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyTeam, MyTeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';

export const teamKeys = { all: ['team'] as const };

/** GET /api/team: the user's team (members, invitations, library), or their plan's seats. */
export async function getTeam(signal?: AbortSignal): Promise<MyTeam> {
  return MyTeamSchema.parse(await api.get<unknown>('/team', undefined, signal));
}

export function getTeamQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => getTeam(signal),
    staleTime: 15 * 1000,
    // The page shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}
