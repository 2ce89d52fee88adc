import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, UserSchema } from '@shared/auth';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** GET /api/admin/session: the administrator behind the admin-panel token, as the server sees them now. */
export async function getAdminSession(signal?: AbortSignal): Promise<User> {
  const data = await api.get<{ user: unknown }>('/admin/session', undefined, signal);
  return UserSchema.parse(data.user);
}

export function getAdminSessionQueryOptions() {
  return queryOptions({
    queryKey: [ACCOUNT_QUERY_SCOPE, 'admin-session'],
    queryFn: ({ signal }) => getAdminSession(signal),
    staleTime: 60_000,
  });
}

export function useAdminSession() {
  return useQuery(getAdminSessionQueryOptions());
}
