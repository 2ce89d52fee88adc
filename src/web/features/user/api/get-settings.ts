import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Settings, SettingsSchema } from '@shared/auth';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** GET /api/user/settings: name, e-mail and theme of the signed-in account. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  return SettingsSchema.parse(await api.get<unknown>('/user/settings', undefined, signal));
}

export const settingsQueryKey = [ACCOUNT_QUERY_SCOPE, 'settings'] as const;

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    // The page shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
