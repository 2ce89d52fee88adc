import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Payout, PayoutSchema, type RequestPayoutInput } from '@shared/payouts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** POST /api/payouts: asks for a payout of part of the available balance. */
export async function requestPayout(
  input: RequestPayoutInput,
): Promise<{ payout: Payout; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>('/payouts', { method: 'POST', body: input });
  return { payout: PayoutSchema.parse(data), message };
}

/** A failure raises the error toast with the server's words (below the threshold, over the balance). */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.payouts() }),
  });
}
