import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPaymentListSchema } from '@shared/billing';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminDashboardKeys } from './query-keys';

export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;
export const PAYMENTS_PAGE_SIZE = 10;

/** GET /api/admin/payments (the billing module's, contract in shared/billing.ts): the newest payments. */
export async function getAdminPayments(page: number, signal?: AbortSignal): Promise<AdminPaymentList> {
  return AdminPaymentListSchema.parse(
    await api.get<unknown>('/admin/payments', { page, limit: PAYMENTS_PAGE_SIZE }, signal),
  );
}

export function getAdminPaymentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminDashboardKeys.payments(page),
    queryFn: ({ signal }) => getAdminPayments(page, signal),
    staleTime: 60_000,
    // The table shows its own failure state.
    meta: { silent: true },
  });
}

export function useAdminPayments(page: number) {
  return useQuery({ ...getAdminPaymentsQueryOptions(page), placeholderData: keepPreviousData });
}
