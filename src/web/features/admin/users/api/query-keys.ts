import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The admin users section's cache keys, inside the account scope. */
export const adminUsersKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin', 'users'] as const,
  list: (query: Record<string, unknown>) => [...adminUsersKeys.all, 'list', query] as const,
};

/** What a change to a user moves: the list and its cards, and the dashboard's figures and feed. */
export const ADMIN_DASHBOARD_SCOPE = [ACCOUNT_QUERY_SCOPE, 'admin', 'dashboard'] as const;
