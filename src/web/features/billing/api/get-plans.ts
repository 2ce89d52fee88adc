import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlanList, PlanListSchema } from '@shared/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/query-keys';

/** Spec section 9: public plans are fresh for 10 minutes. */
const PLANS_STALE_MS = 10 * 60 * 1000;

/** GET /api/payments/plans: the visible, active plans in display order. */
export async function getPlans(signal?: AbortSignal): Promise<PlanList> {
  const list = PlanListSchema.parse(await api.get<unknown>('/payments/plans', undefined, signal));
  return { ...list, plans: [...list.plans].sort((a, b) => a.metadata.order - b.metadata.order) };
}

export function getPlansQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: PLANS_STALE_MS,
    // The page shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
