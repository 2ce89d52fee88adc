import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/**
 * Billing's cache keys. The signed-in user's billing sits in the account scope, so signing in as
 * someone else never shows another person's plan or payments; the public plan list does not.
 */
export const billingKeys = {
  plans: () => ['billing-plans'] as const,
  all: [ACCOUNT_QUERY_SCOPE, 'billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  history: () => [...billingKeys.all, 'history'] as const,
  purchases: () => [...billingKeys.all, 'purchases'] as const,
};

/**
 * After a payment, a trial, a cancel or a resume: everything that depends on the plan or on what the
 * user owns (billing, playground allowance and tries, dashboard) and the public catalogue, whose
 * prompt pages show the text to buyers. 'marketplace' is that feature's key prefix.
 */
export function refreshAfterBillingChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_SCOPE] }),
    queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  ]);
}
