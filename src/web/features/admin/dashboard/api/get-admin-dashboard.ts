import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminDashboard, AdminDashboardSchema } from '@shared/admin-dashboard';
import { api } from '@/lib/api-client';
import { adminDashboardKeys } from './query-keys';

/** Spec section 9: the dashboard is fresh for 2 minutes. */
const DASHBOARD_STALE_MS = 2 * 60 * 1000;

/** GET /api/admin/dashboard: the stats object, the daily series and the top lists. */
export async function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return AdminDashboardSchema.parse(await api.get<unknown>('/admin/dashboard', undefined, signal));
}

export function getAdminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.stats(),
    queryFn: ({ signal }) => getAdminDashboard(signal),
    staleTime: DASHBOARD_STALE_MS,
    // The page shows the spec's failure state itself.
    meta: { silent: true },
  });
}

export function useAdminDashboard() {
  return useQuery(getAdminDashboardQueryOptions());
}
