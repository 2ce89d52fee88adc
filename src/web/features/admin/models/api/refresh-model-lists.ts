import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminModelListSchema } from '@shared/admin-models';
import { api } from '@/lib/api-client';
import { adminModelKeys } from './query-keys';

/** POST /api/admin/models/refresh: reads the OpenAI-compatible servers' model lists again. */
export async function refreshModelLists() {
  return AdminModelListSchema.parse(await api.post<unknown>('/admin/models/refresh')).models;
}

export function useRefreshModelLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshModelLists,
    onSuccess: (models) => queryClient.setQueryData(adminModelKeys.list(), models),
  });
}
