import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPayment, RefundResultSchema } from '@shared/billing';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminDashboardKeys } from './query-keys';

/** POST /api/admin/payments/:id/refund (the billing module's): refunds a payment within 30 days. */
export async function refundPayment(id: string): Promise<{ payment: AdminPayment; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/payments/${encodeURIComponent(id)}/refund`,
    { method: 'POST', body: {} },
  );
  return { ...RefundResultSchema.parse(data), message };
}

/** A refund changes the revenue figures too: the whole dashboard reloads. A failure raises the error toast. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
  });
}
