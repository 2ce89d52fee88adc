import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TeamPool, TeamPoolSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** GET /api/playground/team-pool: the team's shared playground sessions this month (decision 064). */
export async function getTeamPool(signal?: AbortSignal): Promise<TeamPool> {
  return TeamPoolSchema.parse(await api.get<unknown>('/playground/team-pool', undefined, signal));
}

export function useTeamPool() {
  return useQuery(
    queryOptions({
      // Under the team's key: leaving, removing or a new member refresh it with the team.
      queryKey: [...teamKeys.all, 'pool'] as const,
      queryFn: ({ signal }) => getTeamPool(signal),
      staleTime: 15 * 1000,
      meta: { silent: true },
    }),
  );
}
