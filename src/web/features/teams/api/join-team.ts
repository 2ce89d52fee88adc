import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JoinedTeamSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** POST /api/team/join: accepts an invitation as the signed-in user. */
export async function joinTeam(token: string) {
  return JoinedTeamSchema.parse(await api.post<unknown>('/team/join', { token }));
}

export function useJoinTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinTeam,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
