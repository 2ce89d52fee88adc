import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayout, AdminPayoutSchema, type ReversePayoutInput } from '@shared/payouts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

/**
 * POST /api/admin/payouts/:id/reverse: reverses a paid gateway transfer through the gateway (all that
 * is left, or `amountMinor` of it); the amount returns to the creator's balance.
 */
export async function reversePayout({
  id,
  input,
}: {
  id: string;
  input: ReversePayoutInput;
}): Promise<{ payout: AdminPayout; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/payouts/${encodeURIComponent(id)}/reverse`,
    { method: 'POST', body: input },
  );
  return { payout: AdminPayoutSchema.parse(data), message };
}

export function useReversePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reversePayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
