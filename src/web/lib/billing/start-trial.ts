import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillingOverview, BillingOverviewSchema, TRIAL_DAYS } from '@shared/billing';
import { withToast } from '@/lib/lazy-toast';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { billingKeys, refreshAfterBillingChange } from './query-keys';

/** POST /api/payments/trial: the 14-day Premium trial, once per account, no card. */
export async function startTrial(): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.post<unknown>('/payments/trial'));
}

/** Starts the trial and says until when it runs; a refusal raises the spec's error toast. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: async (overview) => {
      queryClient.setQueryData(billingKeys.overview(), overview);
      const ends = overview.subscription?.trialEndsAt ?? overview.subscription?.periodEnd;
      withToast((toast) =>
        toast.success('Trial started', {
          description: `Enjoy ${overview.plan.name} free for ${TRIAL_DAYS} days${ends ? `, until ${formatDate(ends, 'long')}` : ''}.`,
        }),
      );
      await Promise.all([refreshUser(), refreshAfterBillingChange(queryClient)]);
    },
  });
}
