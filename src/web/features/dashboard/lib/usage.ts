import { LIMITS } from '@shared/constants';

/** Spec section 9: a limit of 999999 (admins, paid plans) means no limit. */
export function isUnlimited(limit: number): boolean {
  return limit >= LIMITS.adminSessionLimit;
}

/** The header badge: '3 / 10 sessions used', or '3 / Unlimited sessions used'. */
export function sessionsUsedLabel(current: number, limit: number): string {
  return `${current} / ${isUnlimited(limit) ? 'Unlimited' : limit} sessions used`;
}

/** Share of the monthly allowance used, 0..100 (0 when unlimited). */
export function usagePercent(current: number, limit: number): number {
  if (isUnlimited(limit) || limit <= 0) return 0;
  return Math.min(100, Math.round((current / limit) * 100));
}
