import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** DELETE /api/team/invitations/:id: the link stops working and its seat is free. */
export async function revokeInvitation(id: string) {
  await api.delete<unknown>(`/team/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
