import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUserList, AdminUserListSchema } from '@shared/admin-users';
import { api } from '@/lib/api-client';
import { type UserFilters, filtersToQuery } from '../lib/users';
import { adminUsersKeys } from './query-keys';

/** GET /api/admin/users?search&status&plan&page&limit: a page of users, the count cards, the plan choices. */
export async function getAdminUsers(filters: UserFilters, signal?: AbortSignal): Promise<AdminUserList> {
  return AdminUserListSchema.parse(await api.get<unknown>('/admin/users', filtersToQuery(filters), signal));
}

export function getAdminUsersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: adminUsersKeys.list(filtersToQuery(filters)),
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** The previous page stays on screen while the next filter or page loads. */
export function useAdminUsers(filters: UserFilters) {
  return useQuery({ ...getAdminUsersQueryOptions(filters), placeholderData: keepPreviousData });
}
