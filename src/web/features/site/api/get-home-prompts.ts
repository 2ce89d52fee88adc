import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGING } from '@shared/constants';
import type { MarketplaceList } from '@shared/marketplace';
import { api } from '@/lib/api-client';

/*
 * The home page's showcase: the first page of the marketplace, six cards (spec section 9). It is its
 * own operation rather than the marketplace feature's, because features do not import each other.
 */

const HOME_QUERY = { page: 1, limit: PAGING.home } as const;

export function getHomePrompts(signal?: AbortSignal): Promise<MarketplaceList> {
  return api.get<MarketplaceList>('/marketplace/prompts', HOME_QUERY, signal);
}

export function getHomePromptsQueryOptions() {
  return queryOptions({
    queryKey: ['marketplace', 'prompts', HOME_QUERY],
    queryFn: ({ signal }) => getHomePrompts(signal),
    staleTime: 2 * 60 * 1000,
    // The section shows its own failure notice with Retry; one quick retry absorbs a blip without
    // keeping the visitor waiting on a spinner for the full back-off.
    retry: 1,
    retryDelay: 500,
    meta: { silent: true },
  });
}

export function useHomePrompts() {
  return useQuery(getHomePromptsQueryOptions());
}
