import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStats } from '@shared/site';
import { api } from '@/lib/api-client';

export function getSiteStats(signal?: AbortSignal): Promise<PublicStats> {
  return api.get<PublicStats>('/site/stats', undefined, signal);
}

export function getSiteStatsQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'stats'],
    queryFn: ({ signal }) => getSiteStats(signal),
    // The server recomputes the figures once a minute; asking more often shows nothing new.
    staleTime: 60_000,
    // A missing figure shows as a dash in the strip; a toast over the hero would be noise.
    meta: { silent: true },
  });
}

export function useSiteStats() {
  return useQuery(getSiteStatsQueryOptions());
}
