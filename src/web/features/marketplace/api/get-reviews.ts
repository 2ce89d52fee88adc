import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewList } from '@shared/marketplace';
import { PAGING } from '@shared/constants';
import { api } from '@/lib/api-client';
import { MARKETPLACE_STALE_MS } from './get-prompts';

export const reviewsQueryKey = (promptId: string) => ['marketplace', 'reviews', promptId] as const;

export function getReviews(promptId: string, page: number, signal?: AbortSignal): Promise<ReviewList> {
  return api.get<ReviewList>(
    `/marketplace/prompts/${encodeURIComponent(promptId)}/reviews`,
    { page, limit: PAGING.reviews },
    signal,
  );
}

export function getReviewsQueryOptions(promptId: string) {
  return infiniteQueryOptions({
    queryKey: reviewsQueryKey(promptId),
    queryFn: ({ pageParam, signal }) => getReviews(promptId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined,
    staleTime: MARKETPLACE_STALE_MS,
    // The reviews section shows its own failure line with a retry.
    meta: { silent: true },
  });
}

/** A prompt's reviews, newest first, ten at a time ('Show more' loads the next ten). */
export function useReviews(promptId: string) {
  return useInfiniteQuery(getReviewsQueryOptions(promptId));
}
