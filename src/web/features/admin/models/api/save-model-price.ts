import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAdminModels } from './query-keys';

/** PUT /api/admin/models/price: a model's price per million input and output tokens. */
export const saveModelPrice = (body: { key: string; input: number; output: number }) =>
  api.put<null>('/admin/models/price', body);

export function useSaveModelPrice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveModelPrice, onSuccess: () => refreshAdminModels(queryClient) });
}
