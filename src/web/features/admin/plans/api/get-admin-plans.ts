import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminPlanList, AdminPlanListSchema } from '@shared/admin-plans';
import { api } from '@/lib/api-client';
import { adminPlanKeys } from './query-keys';

/** Spec section 9: admin plans are fresh for 2 minutes. */
const ADMIN_PLANS_STALE_MS = 2 * 60 * 1000;

/** GET /api/admin/plans: every plan, inactive and hidden too, with subscribers and revenue. */
export async function getAdminPlans(signal?: AbortSignal): Promise<AdminPlanList> {
  return AdminPlanListSchema.parse(await api.get<unknown>('/admin/plans', undefined, signal));
}

export function getAdminPlansQueryOptions() {
  return queryOptions({
    queryKey: adminPlanKeys.list(),
    queryFn: ({ signal }) => getAdminPlans(signal),
    staleTime: ADMIN_PLANS_STALE_MS,
    // The page shows 'Failed to load plans' with Retry itself.
    meta: { silent: true },
  });
}

export function useAdminPlans() {
  return useQuery(getAdminPlansQueryOptions());
}
