import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPayoutListSchema, type PayoutStatus } from '@shared/payouts';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

export type AdminPayoutList = z.infer<typeof AdminPayoutListSchema>;
export const PAYOUTS_PAGE_SIZE = 20;

/** GET /api/admin/payouts (billing's, contract in shared/payouts.ts): requests, newest first. */
export async function getAdminPayouts(
  status: PayoutStatus | 'all',
  page: number,
  signal?: AbortSignal,
): Promise<AdminPayoutList> {
  return AdminPayoutListSchema.parse(
    await api.get<unknown>(
      '/admin/payouts',
      { page, limit: PAYOUTS_PAGE_SIZE, ...(status === 'all' ? {} : { status }) },
      signal,
    ),
  );
}

export function getAdminPayoutsQueryOptions(status: PayoutStatus | 'all', page: number) {
  return queryOptions({
    queryKey: adminPayoutKeys.list(status, page),
    queryFn: ({ signal }) => getAdminPayouts(status, page, signal),
    staleTime: 30_000,
    // The page shows its own failure state.
    meta: { silent: true },
  });
}

/** While a payout on the page is processing, the list is read again every few seconds until its job is done. */
export const PROCESSING_REFRESH_MS = 3000;

export function useAdminPayouts(status: PayoutStatus | 'all', page: number) {
  return useQuery({
    ...getAdminPayoutsQueryOptions(status, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.payouts.some((p) => p.status === 'processing') ? PROCESSING_REFRESH_MS : false,
  });
}
