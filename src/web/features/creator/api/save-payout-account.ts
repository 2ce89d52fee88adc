import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PayoutOverview, PayoutOverviewSchema } from '@shared/payouts';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** PUT /api/payouts/account: the Razorpay linked account Route transfers go to ('' clears it). */
export async function savePayoutAccount(razorpayAccountId: string): Promise<PayoutOverview> {
  return PayoutOverviewSchema.parse(await api.put<unknown>('/payouts/account', { razorpayAccountId }));
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (overview) => queryClient.setQueryData(creatorKeys.payouts(), overview),
  });
}
