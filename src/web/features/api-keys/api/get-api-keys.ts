import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiKeyList, ApiKeyListSchema } from '@shared/api-keys';
import { api } from '@/lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** GET /api/user/api-keys: the user's keys (never their tokens) and whether the plan lets them make keys. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return ApiKeyListSchema.parse(await api.get<unknown>('/user/api-keys', undefined, signal));
}

export function getApiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => getApiKeys(signal),
    staleTime: 30 * 1000,
    // The page shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
