import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The admin dashboard's cache keys, inside the account scope so another sign-in starts clean. */
export const adminDashboardKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin', 'dashboard'] as const,
  stats: () => [...adminDashboardKeys.all, 'stats'] as const,
  activity: (limit: number) => [...adminDashboardKeys.all, 'activity', limit] as const,
  payments: (page: number) => [...adminDashboardKeys.all, 'payments', page] as const,
};
