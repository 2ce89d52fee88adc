import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillingOverview, BillingOverviewSchema } from '@shared/billing';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { billingKeys, refreshAfterBillingChange } from '@/lib/billing/query-keys';

/** POST /api/payments/subscription/cancel: the plan stays until the period ends, then Free. */
export async function cancelSubscription(): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.post<unknown>('/payments/subscription/cancel'));
}

/** POST /api/payments/subscription/resume: undoes a cancel before the period ends. */
export async function resumeSubscription(): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.post<unknown>('/payments/subscription/resume'));
}

function useSubscriptionChange(mutationFn: () => Promise<BillingOverview>) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn,
    onSuccess: async (overview) => {
      queryClient.setQueryData(billingKeys.overview(), overview);
      await Promise.all([refreshUser(), refreshAfterBillingChange(queryClient)]);
    },
  });
}

/** A refusal raises the spec's error toast (the global handler). */
export const useCancelSubscription = () => useSubscriptionChange(cancelSubscription);
export const useResumeSubscription = () => useSubscriptionChange(resumeSubscription);
