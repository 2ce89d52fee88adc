import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@shared/teams';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** PUT /api/team/members/:userId: a member's role. */
export async function setMemberRole(input: { userId: string; role: TeamRole }) {
  await api.put<unknown>(`/team/members/${encodeURIComponent(input.userId)}`, { role: input.role });
}

export function useSetMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMemberRole,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
