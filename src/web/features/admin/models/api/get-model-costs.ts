import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CostReport, CostReportSchema } from '@shared/admin-models';
import { api } from '@/lib/api-client';
import { adminModelKeys } from './query-keys';

/** GET /api/admin/models/costs: the playground's cost by day, model and plan, and the top users. */
export async function getModelCosts(days: number, signal?: AbortSignal): Promise<CostReport> {
  return CostReportSchema.parse(await api.get<unknown>('/admin/models/costs', { days }, signal));
}

export function useModelCosts(days: number) {
  return useQuery(
    queryOptions({
      queryKey: adminModelKeys.costs(days),
      queryFn: ({ signal }) => getModelCosts(days, signal),
      staleTime: 60_000,
      meta: { silent: true },
    }),
  );
}
