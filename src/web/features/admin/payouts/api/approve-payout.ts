import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayout, AdminPayoutSchema, type ApprovePayoutInput } from '@shared/payouts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

/** POST /api/admin/payouts/:id/approve: approves and pays (gateway, or by hand with a reference). */
export async function approvePayout({
  id,
  input,
}: {
  id: string;
  input: ApprovePayoutInput;
}): Promise<{ payout: AdminPayout; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/payouts/${encodeURIComponent(id)}/approve`,
    { method: 'POST', body: input },
  );
  return { payout: AdminPayoutSchema.parse(data), message };
}

/** A failed transfer leaves the payout approved: the list reloads either way; a failure toasts. */
export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
