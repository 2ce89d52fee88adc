import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** POST /api/team/transfer (owners): the member becomes the owner, the caller an admin (decision 063). */
export async function transferTeam(input: { userId: string }) {
  await api.post<unknown>('/team/transfer', input);
}

export function useTransferTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transferTeam,
    meta: { silent: true },
    // Not awaited: the refetch may unmount what asked (the caller is no longer the owner, no longer
    // in the team, the member's row is gone), and its own onSuccess (the toast) only runs while mounted.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
