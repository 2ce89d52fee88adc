import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Usage, UsageSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** GET /api/playground/usage: this month's sessions, the allowance and when it resets. */
export async function getUsage(signal?: AbortSignal): Promise<Usage> {
  return UsageSchema.parse(await api.get<unknown>('/playground/usage', undefined, signal));
}

export function getUsageQueryOptions() {
  return queryOptions({
    queryKey: playgroundKeys.usage(),
    queryFn: ({ signal }) => getUsage(signal),
    // The count moves with every new conversation; each reply invalidates it.
    staleTime: 60 * 1000,
    meta: { silent: true },
  });
}

export function useUsage() {
  return useQuery(getUsageQueryOptions());
}
