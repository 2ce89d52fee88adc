import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatorPromptResultSchema } from '@shared/creator';
import { apiRequestWithMessage } from '@/lib/api-client';
import type { PromptMutationResult } from './create-prompt';
import { refreshAfterPromptChange } from './query-keys';

/** POST /api/user/prompts/:id/unpublish: back to a draft, out of the marketplace (buyers keep access). */
export async function unpublishPrompt(id: string): Promise<PromptMutationResult> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/user/prompts/${encodeURIComponent(id)}/unpublish`,
    { method: 'POST' },
  );
  return { prompt: CreatorPromptResultSchema.parse(data).prompt, message };
}

/** Failures raise the spec's error toast through the query client. */
export function useUnpublishPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpublishPrompt,
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
