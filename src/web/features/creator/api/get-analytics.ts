import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Analytics, type AnalyticsPeriod, AnalyticsSchema } from '@shared/creator';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** Spec section 9: analytics are fresh for 5 minutes. */
const ANALYTICS_STALE_MS = 5 * 60 * 1000;

/** GET /api/user/analytics?period: totals, a daily series and a per-prompt table for the period. */
export async function getAnalytics(period: AnalyticsPeriod, signal?: AbortSignal): Promise<Analytics> {
  return AnalyticsSchema.parse(await api.get<unknown>('/user/analytics', { period }, signal));
}

export function getAnalyticsQueryOptions(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: creatorKeys.analytics(period),
    queryFn: ({ signal }) => getAnalytics(period, signal),
    staleTime: ANALYTICS_STALE_MS,
    meta: { silent: true },
  });
}

/** The previous period's charts stay while another period loads. */
export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery({ ...getAnalyticsQueryOptions(period), placeholderData: keepPreviousData });
}
