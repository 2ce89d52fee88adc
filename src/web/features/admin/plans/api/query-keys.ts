import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The admin plans' cache keys; the list and the summary refresh together after any change. */
export const adminPlanKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin', 'plans'] as const,
  list: () => [...adminPlanKeys.all, 'list'] as const,
  analytics: () => [...adminPlanKeys.all, 'analytics'] as const,
};

export function refreshAfterPlanChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: adminPlanKeys.all });
}
