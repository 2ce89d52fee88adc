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
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
