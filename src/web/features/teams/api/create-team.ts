import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** POST /api/team: the new team, with the caller as its owner. */
export async function createTeam(body: { name: string }) {
  return TeamSchema.parse(await api.post<unknown>('/team', body));
}

export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
