import { describe, expect, it } from 'vitest';
import type { BillingOverview, Subscription } from '@shared/billing';
import { offersTrial, planAction } from './plan-action';

const free = { id: 'plan-free', slug: 'free', name: 'Free', priceMinor: { monthly: 0, yearly: 0 } };
const premium = {
  id: 'plan-premium',
  slug: 'premium',
  name: 'Premium',
  priceMinor: { monthly: 1900, yearly: 18240 },
};
const business = {
  id: 'plan-biz',
  slug: 'business',
  name: 'Business',
  priceMinor: { monthly: 9900, yearly: 95040 },
};

function overview(subscription: Partial<Subscription> | null, trialAvailable = false): BillingOverview {
  const sub: Subscription | null = subscription
    ? {
        id: 's1',
        planId: premium.id,
        planName: 'Premium',
        billing: 'monthly',
        status: 'active',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        trialEndsAt: null,
        canceledAt: null,
        ...subscription,
      }
    : null;
  return {
    plan: sub
      ? { id: sub.planId, name: sub.planName, slug: 'premium' }
      : { id: free.id, name: 'Free', slug: 'free' },
    subscription: sub,
    trialAvailable,
    trialDays: 14,
    currency: 'USD',
    gateway: 'test',
    testMode: true,
  };
}

const visitor = { signedIn: false, overview: undefined };

describe('plan card buttons', () => {
  it('sends a visitor to sign up for Free and asks them to log in for a paid plan', () => {
    expect(planAction(free, visitor)).toEqual({ kind: 'signup', label: 'Get Started' });
    expect(planAction(premium, visitor)).toEqual({ kind: 'sign-in', label: 'Get Premium' });
  });

  it('marks Free as the current plan of a user on Free, and offers the paid plans', () => {
    const viewer = { signedIn: true, overview: overview(null) };
    expect(planAction(free, viewer)).toEqual({ kind: 'already-free', label: 'Current Plan' });
    expect(planAction(premium, viewer)).toEqual({ kind: 'checkout', label: 'Get Premium' });
  });

  it('treats Free as current while the billing overview is still loading', () => {
    expect(planAction(free, { signedIn: true, overview: undefined }).kind).toBe('already-free');
  });

  it("disables the subscriber's plan in both periods and offers the others", () => {
    const viewer = { signedIn: true, overview: overview({ billing: 'monthly' }) };
    expect(planAction(premium, viewer)).toEqual({ kind: 'current', label: 'Current Plan' });
    expect(planAction(premium, viewer)).toEqual({ kind: 'current', label: 'Current Plan' });
    expect(planAction(business, viewer)).toEqual({ kind: 'checkout', label: 'Get Business' });
    expect(planAction(free, viewer)).toEqual({ kind: 'manage', label: 'Manage Plan' });
  });

  it('keeps a canceled plan current until it ends', () => {
    const viewer = { signedIn: true, overview: overview({ status: 'canceled', billing: 'annual' }) };
    expect(planAction(premium, viewer).kind).toBe('current');
  });

  it('lets a trial user subscribe to the plan they are trying', () => {
    const viewer = { signedIn: true, overview: overview({ status: 'trialing' }) };
    expect(planAction(premium, viewer)).toEqual({ kind: 'checkout', label: 'Subscribe Now' });
  });

  it('offers the trial on Premium only, and only when the account still has it', () => {
    expect(offersTrial(premium, overview(null, true))).toBe(true);
    expect(offersTrial(business, overview(null, true))).toBe(false);
    expect(offersTrial(premium, overview(null, false))).toBe(false);
    expect(offersTrial(premium, undefined)).toBe(false);
  });
});
