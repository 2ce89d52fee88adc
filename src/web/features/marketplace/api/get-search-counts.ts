import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, PromptType } from '@shared/constants';
import type { SearchCounts } from '@shared/marketplace';
import { api } from '@/lib/api-client';
import { MARKETPLACE_STALE_MS } from './get-prompts';

export interface SearchCountsParams {
  search: string;
  category?: Category;
  type?: PromptType;
}

export function getSearchCounts(params: SearchCountsParams, signal?: AbortSignal): Promise<SearchCounts> {
  return api.get<SearchCounts>('/marketplace/search/counts', { ...params }, signal);
}

export function getSearchCountsQueryOptions(params: SearchCountsParams) {
  return queryOptions({
    queryKey: ['marketplace', 'search-counts', params],
    queryFn: ({ signal }) => getSearchCounts(params, signal),
    staleTime: MARKETPLACE_STALE_MS,
    // The counts decorate the filters; without them the filters still work, so no toast.
    meta: { silent: true },
  });
}

/** How many prompts a search matches per category and per type (none while not searching). */
export function useSearchCounts(params: SearchCountsParams | null) {
  return useQuery({
    ...getSearchCountsQueryOptions(params ?? { search: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
