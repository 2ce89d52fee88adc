import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE, useAuth } from '@/lib/auth';

/** Inside the account scope: signing out or in as someone else drops the last user's notices. */
export const notificationKeys = {
  all: [ACCOUNT_QUERY_SCOPE, 'notifications'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
  list: (unread: boolean) => [...notificationKeys.all, 'list', unread] as const,
};

/** GET /api/notifications: newest first, with the unread count. */
export function getNotifications(
  query: { limit: number; unread?: boolean; before?: string },
  signal?: AbortSignal,
): Promise<NotificationList> {
  return api.get<NotificationList>(
    '/notifications',
    { limit: query.limit, unread: query.unread ? 'true' : undefined, before: query.before },
    signal,
  );
}

export const LATEST_COUNT = 6;

/** The bell's unread count and latest notices, looked at again every minute and on focus. */
export function useLatestNotifications() {
  const { status } = useAuth();
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.latest(),
      queryFn: ({ signal }) => getNotifications({ limit: LATEST_COUNT }, signal),
      enabled: status === 'authenticated',
      refetchInterval: 60_000,
      staleTime: 15_000,
      meta: { silent: true },
    }),
  );
}

const PAGE = 20;

/** The notifications page: twenty at a time, all or only the unread. */
export function useNotificationList(unread: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationKeys.list(unread),
      queryFn: ({ pageParam, signal }) =>
        getNotifications({ limit: PAGE, unread, before: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.more ? last.notifications.at(-1)?.createdAt : undefined),
      meta: { silent: true },
    }),
  );
}
