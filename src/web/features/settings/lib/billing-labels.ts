import type { PaymentStatus, Subscription, SubscriptionStatus } from '@shared/billing';

/*
 * The words of the settings Billing section: when the current period ends and what each status is
 * called. Pure, so the rules are tested without a browser.
 */

export interface PeriodEnd {
  label: 'Renews on' | 'Ends on' | 'Trial ends on' | 'Ended on';
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

/** When the plan renews or stops: 'Renews on', 'Ends on' once canceled, 'Trial ends on' in a trial. */
export function periodEnd(subscription: Subscription | null): PeriodEnd | null {
  if (!subscription) return null;
  switch (displayStatus(subscription)) {
    case 'trialing': {
      const date = subscription.trialEndsAt ?? subscription.periodEnd;
      return date ? { label: 'Trial ends on', date } : null;
    }
    case 'active':
      return subscription.periodEnd ? { label: 'Renews on', date: subscription.periodEnd } : null;
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

/** What the user can do with the subscription they have now. */
export function subscriptionActions(subscription: Subscription | null, now: Date = new Date()) {
  const running =
    subscription !== null &&
    (subscription.periodEnd === null || new Date(subscription.periodEnd).getTime() > now.getTime());
  const status = subscription ? displayStatus(subscription) : null;
  return {
    canCancel: running && (status === 'active' || status === 'trialing'),
    canResume: running && status === 'canceled',
  };
}
