import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatorPromptResultSchema } from '@shared/creator';
import { apiRequestWithMessage } from '@/lib/api-client';
import type { PromptMutationResult } from './create-prompt';
import { refreshAfterPromptChange } from './query-keys';

/** POST /api/user/prompts/:id/publish: the prompt goes live in the marketplace. */
export async function publishPrompt(id: string): Promise<PromptMutationResult> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/user/prompts/${encodeURIComponent(id)}/publish`,
    { method: 'POST' },
  );
  return { prompt: CreatorPromptResultSchema.parse(data).prompt, message };
}

/** Failures raise the spec's error toast through the query client. */
export function usePublishPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPrompt,
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
