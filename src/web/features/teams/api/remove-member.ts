import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** DELETE /api/team/members/:userId: their access to the team's prompts ends at once. */
export async function removeMember(userId: string) {
  await api.delete<unknown>(`/team/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    meta: { silent: true },
    // Not awaited: the refetch may unmount what asked (the caller is no longer the owner, no longer
    // in the team, the member's row is gone), and its own onSuccess (the toast) only runs while mounted.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
