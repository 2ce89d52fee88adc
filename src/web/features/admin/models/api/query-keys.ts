import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

export const adminModelKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'admin-models'] as const,
  list: () => [...adminModelKeys.all, 'list'] as const,
  costs: (days: number) => [...adminModelKeys.all, 'costs', days] as const,
  defaultPreset: () => [...adminModelKeys.all, 'default-preset'] as const,
};

export const refreshAdminModels = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminModelKeys.all });
