import { LIMITS } from '@shared/constants';

/** Spec section 9: a limit of 999999 (admins, paid plans) means no limit. */
export function isUnlimited(limit: number): boolean {
  return limit >= LIMITS.adminSessionLimit;
}

/**
 * The header badge: '3 / 10 sessions used', or '3 / Unlimited sessions used'. The dashboard call says
 * whether the plan is unlimited; the signed-in user only carries the limit.
 */
export function sessionsUsedLabel(current: number, limit: number, unlimited = isUnlimited(limit)): string {
  return `${current} / ${unlimited ? 'Unlimited' : limit} sessions used`;
}
