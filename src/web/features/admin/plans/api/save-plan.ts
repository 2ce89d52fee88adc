import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPlan, type AdminPlanCreateInput, AdminPlanResultSchema } from '@shared/admin-plans';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPlanChange } from './query-keys';

/** POST /api/admin/plans (no id) or PUT /api/admin/plans/:id with the same body plus the id. */
export async function savePlan(
  id: string | null,
  body: AdminPlanCreateInput,
): Promise<{ plan: AdminPlan; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    id ? `/admin/plans/${encodeURIComponent(id)}` : '/admin/plans',
    { method: id ? 'PUT' : 'POST', body: id ? { ...body, id } : body },
  );
  return { plan: AdminPlanResultSchema.parse(data).plan, message };
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AdminPlanCreateInput }) => savePlan(id, body),
    onSuccess: () => refreshAfterPlanChange(queryClient),
    // The dialog shows 'Save failed' itself.
    meta: { silent: true },
  });
}
