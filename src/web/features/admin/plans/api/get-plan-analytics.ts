import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlanSummary, PlanSummarySchema } from '@shared/admin-plans';
import { api } from '@/lib/api-client';
import { adminPlanKeys } from './query-keys';

/** Spec section 9: admin plan analytics are fresh for 1 minute. */
const PLAN_ANALYTICS_STALE_MS = 60 * 1000;

/** GET /api/admin/plans/analytics: the Plans Management stat cards. */
export async function getPlanAnalytics(signal?: AbortSignal): Promise<PlanSummary> {
  return PlanSummarySchema.parse(await api.get<unknown>('/admin/plans/analytics', undefined, signal));
}

export function getPlanAnalyticsQueryOptions() {
  return queryOptions({
    queryKey: adminPlanKeys.analytics(),
    queryFn: ({ signal }) => getPlanAnalytics(signal),
    staleTime: PLAN_ANALYTICS_STALE_MS,
    meta: { silent: true },
  });
}

export function usePlanAnalytics() {
  return useQuery(getPlanAnalyticsQueryOptions());
}
