import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ActivityEntry, RecentActivitySchema } from '@shared/admin-dashboard';
import { PAGING } from '@shared/constants';
import { api } from '@/lib/api-client';
import { adminDashboardKeys } from './query-keys';

/** GET /api/admin/recent-activity?limit: sign-ups, publications, payments and moderation, newest first. */
export async function getRecentActivity(limit: number, signal?: AbortSignal): Promise<ActivityEntry[]> {
  return RecentActivitySchema.parse(await api.get<unknown>('/admin/recent-activity', { limit }, signal))
    .activities;
}

export function getRecentActivityQueryOptions(limit: number = PAGING.adminActivity) {
  return queryOptions({
    queryKey: adminDashboardKeys.activity(limit),
    queryFn: ({ signal }) => getRecentActivity(limit, signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useRecentActivity(limit: number = PAGING.adminActivity) {
  return useQuery(getRecentActivityQueryOptions(limit));
}
