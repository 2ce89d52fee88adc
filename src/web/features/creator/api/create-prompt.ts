import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePromptInput, type CreatorPrompt, CreatorPromptResultSchema } from '@shared/creator';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPromptChange } from './query-keys';

export interface PromptMutationResult {
  prompt: CreatorPrompt;
  /** The server's success message, shown as the toast. */
  message: string | undefined;
}

/** POST /api/user/prompts: published at once, or kept as a draft. */
export async function createPrompt(body: CreatePromptInput): Promise<PromptMutationResult> {
  const { data, message } = await apiRequestWithMessage<unknown>('/user/prompts', { method: 'POST', body });
  return { prompt: CreatorPromptResultSchema.parse(data).prompt, message };
}

/** A failure raises the spec's error toast (a validation toast carries the server's words); the form also marks the fields. */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
