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
    // Not awaited: the refetch unmounts the team's page, and the caller's own onSuccess (its toast)
    // only runs while the page is there.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
