import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAdminModels } from './query-keys';

/** PUT /api/admin/plans/:id/models: the models a plan may use (none: every model) and its default. */
export const savePlanModels = ({
  planId,
  ...body
}: {
  planId: string;
  models: string[];
  default: string | null;
}) => api.put<unknown>(`/admin/plans/${encodeURIComponent(planId)}/models`, body);

export function useSavePlanModels() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePlanModels, onSuccess: () => refreshAdminModels(queryClient) });
}
