import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** DELETE /api/team (owners): `purchasesLost` confirms the team's purchases end with it (decision 063). */
export async function deleteTeam(input: { purchasesLost: boolean }) {
  await apiRequest<unknown>('/team', { method: 'DELETE', body: input });
}

export function useDeleteTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
