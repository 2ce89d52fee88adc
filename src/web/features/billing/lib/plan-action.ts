import type { BillingOverview, Plan } from '@shared/billing';
import { isFreePlan } from './price';

/*
 * What a plan card's button does for the person looking at it (spec section 2, server-driven plan
 * cards): the current plan's button is disabled, the free plan says 'Already on Free Plan', a visitor
 * is asked to log in, anyone else goes to checkout.
 */
export type PlanAction =
  /** Visitor on the free plan: sign up. */
  | { kind: 'signup'; label: string }
  /** Signed in and on Free: looks like the current plan, and says so when pressed. */
  | { kind: 'already-free'; label: string }
  /** A paid subscriber looking at Free: leaving a paid plan is a cancel, in settings. */
  | { kind: 'manage'; label: string }
  /** The plan the user pays for now (in either billing period). */
  | { kind: 'current'; label: string }
  /** Visitor on a paid plan: 'Authentication Required'. */
  | { kind: 'sign-in'; label: string }
  | { kind: 'checkout'; label: string };

/** Subscription states in which the plan is paid for until the period ends. */
const PAID_STATUSES = new Set(['active', 'canceled']);

export function planAction(
  plan: Pick<Plan, 'id' | 'name' | 'priceMinor'>,
  viewer: { signedIn: boolean; overview: BillingOverview | undefined },
): PlanAction {
  const { signedIn, overview } = viewer;
  const subscription = overview?.subscription ?? null;
  if (isFreePlan(plan)) {
    if (!signedIn) return { kind: 'signup', label: 'Get Started' };
    const onFree = !overview || overview.plan.id === null || overview.plan.id === plan.id;
    return onFree
      ? { kind: 'already-free', label: 'Current Plan' }
      : { kind: 'manage', label: 'Manage Plan' };
  }
  if (!signedIn) return { kind: 'sign-in', label: `Get ${plan.name}` };
  if (subscription && subscription.planId === plan.id) {
    if (subscription.status === 'trialing') return { kind: 'checkout', label: 'Subscribe Now' };
    // One subscription per plan: switching its billing period waits for the period to end.
    if (PAID_STATUSES.has(subscription.status)) return { kind: 'current', label: 'Current Plan' };
  }
  return { kind: 'checkout', label: `Get ${plan.name}` };
}

/** Whether the card should offer the 14-day trial: signed in, available, and this is the trial's plan. */
export function offersTrial(plan: Pick<Plan, 'slug'>, overview: BillingOverview | undefined): boolean {
  return Boolean(overview?.trialAvailable) && plan.slug === 'premium';
}
