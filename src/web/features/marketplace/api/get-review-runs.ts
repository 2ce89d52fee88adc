import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewRuns } from '@shared/marketplace';
import { api } from '@/lib/api-client';

export const reviewRunsQueryKey = (promptId: string) => ['marketplace', 'review-runs', promptId] as const;

export function getReviewRuns(promptId: string, signal?: AbortSignal): Promise<ReviewRuns> {
  return api.get<ReviewRuns>(
    `/marketplace/prompts/${encodeURIComponent(promptId)}/review-runs`,
    undefined,
    signal,
  );
}

/** The signed-in reviewer's own replies in tries of the prompt, newest first: what they may attach. */
export function useReviewRuns(promptId: string) {
  return useQuery(
    queryOptions({
      queryKey: reviewRunsQueryKey(promptId),
      queryFn: ({ signal }) => getReviewRuns(promptId, signal),
      // The picker says it could not load the runs; the review can still be sent.
      meta: { silent: true },
    }),
  );
}
