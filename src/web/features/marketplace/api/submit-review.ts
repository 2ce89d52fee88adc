import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateReviewInput, ReviewResultSchema } from '@shared/marketplace';
import { apiRequestWithMessage } from '@/lib/api-client';
import { withToast } from '@/lib/lazy-toast';
import { reviewsQueryKey } from './get-reviews';

export type ReviewResult = z.infer<typeof ReviewResultSchema>;

/** Posts the user's review; a second one for the same prompt edits the first (`created: false`). */
export async function submitReview(promptId: string, input: CreateReviewInput) {
  return apiRequestWithMessage<ReviewResult>(`/marketplace/prompts/${encodeURIComponent(promptId)}/reviews`, {
    method: 'POST',
    body: input,
  });
}

/**
 * The review form's submit. The average, the breakdown, the user's own review and the list all move
 * with a review, so the prompt and its reviews are fetched again, and lists that show ratings go stale.
 */
export function useSubmitReview(promptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => submitReview(promptId, input),
    // The form shows the refusal itself (not tried, own prompt), next to the button.
    meta: { silent: true },
    // Said here, not in the form's own callback: the refreshed prompt remounts the form (it starts
    // from the saved review), and a callback of a form already gone is never called.
    onSuccess: async ({ data, message }) => {
      withToast((toast) =>
        toast.success(message ?? (data.created ? 'Review posted' : 'Review updated'), {
          description: data.created ? 'Thanks for helping others choose.' : undefined,
        }),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey(promptId) }),
        queryClient.invalidateQueries({ queryKey: ['marketplace', 'prompt'] }),
        queryClient.invalidateQueries({ queryKey: ['marketplace', 'prompts'] }),
      ]);
    },
  });
}
