import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayout, AdminPayoutSchema, type ApprovePayoutInput } from '@shared/payouts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

/**
 * POST /api/admin/payouts/:id/approve: approves; by hand it is paid now, through the gateway it is
 * processing until the payout-transfer job has sent it.
 */
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

/** The list reloads either way (a processing payout keeps reloading until its job is done); a failure toasts. */
export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
