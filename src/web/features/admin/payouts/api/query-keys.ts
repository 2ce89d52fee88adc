import type { PayoutStatus } from '@shared/payouts';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** The admin payouts page's cache keys, inside the account scope so another sign-in starts clean. */
export const adminPayoutKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin', 'payouts'] as const,
  list: (status: PayoutStatus | 'all', page: number) =>
    [...adminPayoutKeys.all, 'list', status, page] as const,
};
