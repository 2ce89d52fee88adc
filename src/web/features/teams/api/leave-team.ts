import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** POST /api/team/leave. */
export async function leaveTeam() {
  await api.post<unknown>('/team/leave');
}

export function useLeaveTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveTeam,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
