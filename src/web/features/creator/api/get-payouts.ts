import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayoutOverview, PayoutOverviewSchema } from '@shared/payouts';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** GET /api/payouts: balances per currency (available, pending, in progress, paid) and the payouts. */
export async function getPayouts(signal?: AbortSignal): Promise<PayoutOverview> {
  return PayoutOverviewSchema.parse(await api.get<unknown>('/payouts', undefined, signal));
}

export function getPayoutsQueryOptions() {
  return queryOptions({
    queryKey: creatorKeys.payouts(),
    queryFn: ({ signal }) => getPayouts(signal),
    staleTime: 60_000,
    // The tab shows its own failure state.
    meta: { silent: true },
  });
}

/** A payout being sent is read again every few seconds, so the tab shows it paid once its job is done. */
export function usePayouts() {
  return useQuery({
    ...getPayoutsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.payouts.some((p) => p.status === 'processing') ? 5000 : false,
  });
}
