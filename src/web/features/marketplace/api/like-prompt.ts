import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromptDetail } from '@shared/marketplace';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import type { PromptQueryKey } from './get-prompt';

export interface LikeResult {
  liked: boolean;
  likes: number;
}

/**
 * Sets (rather than toggles) the like: a double click or a retried request then lands on the state
 * the user last asked for instead of flipping back.
 */
export function likePrompt(promptId: string, liked: boolean): Promise<LikeResult> {
  return api.post<LikeResult>(`/marketplace/prompts/${encodeURIComponent(promptId)}/like`, { liked });
}

/** Like or unlike, shown at once and rolled back if the server refuses. */
export function useLikePrompt(queryKey: PromptQueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, liked }: { promptId: string; liked: boolean }) => likePrompt(promptId, liked),
    onMutate: async ({ liked }) => {
      // A detail request already on its way would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<PromptDetail>(queryKey);
      if (previous && previous.access.liked !== liked) {
        queryClient.setQueryData<PromptDetail>(queryKey, {
          ...previous,
          likes: Math.max(0, previous.likes + (liked ? 1 : -1)),
          access: { ...previous.access, liked },
        });
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      showErrorToast(error, { title: 'Could not update your like' });
    },
    onSuccess: (result) => {
      queryClient.setQueryData<PromptDetail>(queryKey, (current) =>
        current
          ? { ...current, likes: result.likes, access: { ...current.access, liked: result.liked } }
          : current,
      );
    },
  });
}
