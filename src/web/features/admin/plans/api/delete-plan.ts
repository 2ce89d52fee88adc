import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPlanDeleteResultSchema } from '@shared/admin-plans';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPlanChange } from './query-keys';

/** DELETE /api/admin/plans/:id: refused while the plan has subscribers; hidden instead when records point at it. */
export async function deletePlan(id: string) {
  const { data, message } = await apiRequestWithMessage<unknown>(`/admin/plans/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return { ...AdminPlanDeleteResultSchema.parse(data), message };
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePlan, onSuccess: () => refreshAfterPlanChange(queryClient) });
}
