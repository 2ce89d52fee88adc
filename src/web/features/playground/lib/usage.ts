import { LIMITS } from '@shared/constants';
import type { Usage } from '@shared/playground';

/** What the usage meter shows. Admins get the spec's 999999, which reads as Unlimited too. */
export interface UsageView {
  unlimited: boolean;
  /** '3 of 10 sessions this month', or '3 sessions this month'. */
  label: string;
  /** 0..100, for the meter (0 when unlimited). */
  percent: number;
  /** No new conversation can start until the reset. */
  atLimit: boolean;
  remaining: number | null;
}

export function describeUsage(usage: Usage): UsageView {
  const unlimited = usage.unlimited || usage.limit >= LIMITS.adminSessionLimit;
  const sessions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'session' : 'sessions'}`;
  if (unlimited) {
    return {
      unlimited,
      label: `${sessions(usage.current)} this month`,
      percent: 0,
      atLimit: false,
      remaining: null,
    };
  }
  return {
    unlimited,
    label: `${usage.current.toLocaleString('en-US')} of ${sessions(usage.limit)} this month`,
    percent: usage.limit > 0 ? Math.min(100, Math.round((usage.current / usage.limit) * 100)) : 100,
    atLimit: usage.current >= usage.limit,
    remaining: Math.max(0, usage.limit - usage.current),
  };
}

/** Free is the plan without a price; any other plan name is a paid one. */
export function isFreePlan(plan: string): boolean {
  return plan.trim().toLowerCase() === 'free';
}
