import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingOverview, BillingOverviewSchema } from '@shared/billing';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { billingKeys } from './query-keys';

/** GET /api/payments/me: the current plan, the subscription, whether a trial is available, the gateway. */
export async function getBillingOverview(signal?: AbortSignal): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.get<unknown>('/payments/me', undefined, signal));
}

export function getBillingOverviewQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => getBillingOverview(signal),
    staleTime: 60 * 1000,
    // Screens show their own state: pricing falls back to the visitor's view, settings to a retry.
    meta: { silent: true },
  });
}

/** The signed-in user's billing; idle (no request) for visitors. */
export function useBillingOverview() {
  const { status } = useAuth();
  return useQuery({ ...getBillingOverviewQueryOptions(), enabled: status === 'authenticated' });
}
