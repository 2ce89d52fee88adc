import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayout, AdminPayoutSchema } from '@shared/payouts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminPayoutKeys } from './query-keys';

/** POST /api/admin/payouts/:id/reject: rejects with a reason; the amount returns to the balance. */
export async function rejectPayout({
  id,
  reason,
}: {
  id: string;
  reason: string;
}): Promise<{ payout: AdminPayout; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/payouts/${encodeURIComponent(id)}/reject`,
    { method: 'POST', body: { reason } },
  );
  return { payout: AdminPayoutSchema.parse(data), message };
}

export function useRejectPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.all }),
  });
}
