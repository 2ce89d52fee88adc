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
    // Not awaited: the refetch may unmount what asked (the caller is no longer the owner, no longer
    // in the team, the member's row is gone), and its own onSuccess (the toast) only runs while mounted.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
