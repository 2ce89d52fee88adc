import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminSettings, AdminSettingsSchema } from '@shared/admin-settings';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

// Under the account scope, so signing out forgets the previous admin's settings.
export const adminSettingsQueryKey = [ACCOUNT_QUERY_SCOPE, 'admin-settings'] as const;

/** GET /api/admin/settings: the signed-in admin's profile, theme, notifications and security. */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return AdminSettingsSchema.parse(await api.get<unknown>('/admin/settings', undefined, signal));
}

export function getAdminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => getAdminSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAdminSettings() {
  return useQuery(getAdminSettingsQueryOptions());
}
