import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PaymentRecord, PaymentHistorySchema } from '@shared/billing';
import { api } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/query-keys';

/** GET /api/payments/history: the user's payments, newest first (the receipts of issue 7). */
export async function getPaymentHistory(signal?: AbortSignal): Promise<PaymentRecord[]> {
  return PaymentHistorySchema.parse(await api.get<unknown>('/payments/history', undefined, signal)).payments;
}

export function getPaymentHistoryQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.history(),
    queryFn: ({ signal }) => getPaymentHistory(signal),
    staleTime: 60 * 1000,
    // The billing section shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function usePaymentHistory() {
  return useQuery(getPaymentHistoryQueryOptions());
}
