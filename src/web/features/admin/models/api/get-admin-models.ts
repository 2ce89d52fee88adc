import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminModel, AdminModelListSchema } from '@shared/admin-models';
import { api } from '@/lib/api-client';
import { adminModelKeys } from './query-keys';

/** GET /api/admin/models: every configured model with its provider, status, price and plans. */
export async function getAdminModels(signal?: AbortSignal): Promise<AdminModel[]> {
  return AdminModelListSchema.parse(await api.get<unknown>('/admin/models', undefined, signal)).models;
}

export function useAdminModels() {
  return useQuery(
    queryOptions({
      queryKey: adminModelKeys.list(),
      queryFn: ({ signal }) => getAdminModels(signal),
      staleTime: 30_000,
      meta: { silent: true },
    }),
  );
}
