import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

/** PUT /api/admin/payouts/threshold: the least payout creators may ask for, per currency. */
export async function setPayoutThreshold(input: { currency: string; thresholdMinor: number }) {
  await api.put<unknown>('/admin/payouts/threshold', input);
}

export function useSetPayoutThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayoutThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
