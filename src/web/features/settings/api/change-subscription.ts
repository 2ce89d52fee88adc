import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillingOverview, BillingOverviewSchema } from '@shared/billing';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { billingKeys, refreshAfterBillingChange } from '@/lib/billing/query-keys';
import { formatDate } from '@/lib/format';
import { periodEnd } from '../lib/billing-labels';

/** POST /api/payments/subscription/cancel: the plan stays until the period ends, then Free. */
export async function cancelSubscription(): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.post<unknown>('/payments/subscription/cancel'));
}

/** POST /api/payments/subscription/resume: undoes a cancel before the period ends. */
export async function resumeSubscription(): Promise<BillingOverview> {
  return BillingOverviewSchema.parse(await api.post<unknown>('/payments/subscription/resume'));
}

/*
 * The toast is raised here rather than by the button: the new overview removes the button that was
 * pressed (Cancel becomes Resume), and a removed component's mutate callbacks never run.
 */
function useSubscriptionChange(
  mutationFn: () => Promise<BillingOverview>,
  announce: (overview: BillingOverview) => void,
) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn,
    onSuccess: async (overview) => {
      announce(overview);
      queryClient.setQueryData(billingKeys.overview(), overview);
      await Promise.all([refreshUser(), refreshAfterBillingChange(queryClient)]);
    },
  });
}

const endDate = (overview: BillingOverview) => {
  const end = periodEnd(overview.subscription);
  return end ? formatDate(end.date, 'long') : null;
};

/** A refusal raises the spec's error toast (the global handler). */
export const useCancelSubscription = () =>
  useSubscriptionChange(cancelSubscription, (overview) => {
    const ends = endDate(overview);
    toast.success('Subscription canceled', {
      description: `You keep ${overview.plan.name} until ${ends ?? 'the end of the period'}.`,
    });
  });

export const useResumeSubscription = () =>
  useSubscriptionChange(resumeSubscription, (overview) => {
    const renews = endDate(overview);
    toast.success('Subscription resumed', {
      description: renews
        ? `Your ${overview.plan.name} plan renews on ${renews}.`
        : `Your ${overview.plan.name} plan continues.`,
    });
  });
