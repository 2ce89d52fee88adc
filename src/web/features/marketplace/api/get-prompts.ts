import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceList, MarketplaceQuery } from '@shared/marketplace';
import { api } from '@/lib/api-client';

/** Spec section 9: marketplace data is fresh for 2 minutes. */
export const MARKETPLACE_STALE_MS = 2 * 60 * 1000;

/** The list's query as the page builds it: the shared contract, with paging as plain numbers. */
export type GetPromptsParams = Omit<MarketplaceQuery, 'page' | 'limit'> & { page?: number; limit?: number };

export function getPrompts(params: GetPromptsParams, signal?: AbortSignal): Promise<MarketplaceList> {
  return api.get<MarketplaceList>('/marketplace/prompts', { ...params }, signal);
}

export function getPromptsQueryOptions(params: GetPromptsParams) {
  return queryOptions({
    queryKey: ['marketplace', 'prompts', params],
    queryFn: ({ signal }) => getPrompts(params, signal),
    staleTime: MARKETPLACE_STALE_MS,
    // The page shows its own error state and toast, so the global error toast stays quiet.
    meta: { silent: true },
  });
}

/** One page of the public catalogue; the previous page stays on screen while the next one loads. */
export function usePrompts(params: GetPromptsParams) {
  return useQuery({ ...getPromptsQueryOptions(params), placeholderData: keepPreviousData });
}
