import type { PaymentStatus, Subscription, SubscriptionStatus } from '@shared/billing';

/*
 * The words of the settings Billing section: when the current period ends and what each status is
 * called. Pure, so the rules are tested without a browser.
 */

export interface PeriodEnd {
  label: 'Active until' | 'Ends on' | 'Trial ends on' | 'Ended on';
  date: string;
}

/**
 * The status to show. A cancel keeps the plan running to the period end, so the server leaves the
 * status as it was and records `canceledAt`; to the user that subscription is canceled.
 */
export function displayStatus(subscription: Subscription): SubscriptionStatus {
  const pending = subscription.status === 'active' || subscription.status === 'trialing';
  return pending && subscription.canceledAt ? 'canceled' : subscription.status;
}

/**
 * When the paid period or the trial stops. Nothing renews by itself (a plan is paid a period at a
 * time), so an active plan is 'Active until' its period end; 'Ends on' once canceled through the API.
 */
export function periodEnd(subscription: Subscription | null): PeriodEnd | null {
  if (!subscription) return null;
  switch (displayStatus(subscription)) {
    case 'trialing': {
      const date = subscription.trialEndsAt ?? subscription.periodEnd;
      return date ? { label: 'Trial ends on', date } : null;
    }
    case 'active':
      return subscription.periodEnd ? { label: 'Active until', date: subscription.periodEnd } : null;
    case 'canceled':
      return subscription.periodEnd ? { label: 'Ends on', date: subscription.periodEnd } : null;
    default:
      return subscription.periodEnd ? { label: 'Ended on', date: subscription.periodEnd } : null;
  }
}

type Tone = 'success' | 'warning' | 'destructive' | 'secondary';

export const SUBSCRIPTION_STATUS: Record<SubscriptionStatus, { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'secondary' },
  expired: { label: 'Expired', tone: 'secondary' },
  refunded: { label: 'Refunded', tone: 'destructive' },
};

export const PAYMENT_STATUS: Record<PaymentStatus, { label: string; tone: Tone }> = {
  created: { label: 'Pending', tone: 'secondary' },
  authorized: { label: 'Authorized', tone: 'secondary' },
  captured: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'destructive' },
  refunded: { label: 'Refunded', tone: 'warning' },
};
