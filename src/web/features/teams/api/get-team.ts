import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyTeam, MyTeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The team is the signed-in account's: dropped when the account changes. */
export const teamKeys = { all: [ACCOUNT_QUERY_SCOPE, 'team'] as const };

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
