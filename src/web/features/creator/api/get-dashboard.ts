import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Dashboard, DashboardSchema } from '@shared/creator';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** Spec section 9: dashboard data is fresh for 2 minutes. */
const DASHBOARD_STALE_MS = 2 * 60 * 1000;

/** GET /api/user/dashboard: plan, sessions used, the Overview figures and recent activity. */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return DashboardSchema.parse(await api.get<unknown>('/user/dashboard', undefined, signal));
}

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: creatorKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: DASHBOARD_STALE_MS,
    // The page says 'Failed to load dashboard data...' itself (spec section 8).
    meta: { silent: true },
  });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
