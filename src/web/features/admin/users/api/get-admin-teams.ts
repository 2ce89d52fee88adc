import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTeam, AdminTeamListSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { adminUsersKeys } from './query-keys';

/** GET /api/admin/teams: every team with its account holder, plan and seats. */
export async function getAdminTeams(signal?: AbortSignal): Promise<AdminTeam[]> {
  return AdminTeamListSchema.parse(await api.get<unknown>('/admin/teams', undefined, signal)).teams;
}

export function useAdminTeams() {
  return useQuery(
    queryOptions({
      queryKey: [...adminUsersKeys.all, 'teams'] as const,
      queryFn: ({ signal }) => getAdminTeams(signal),
      staleTime: 30_000,
      meta: { silent: true },
    }),
  );
}
