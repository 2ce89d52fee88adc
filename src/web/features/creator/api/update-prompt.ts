import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatorPromptResultSchema, type UpdatePromptInput } from '@shared/creator';
import { apiRequestWithMessage } from '@/lib/api-client';
import type { PromptMutationResult } from './create-prompt';
import { refreshAfterPromptChange } from './query-keys';

/** PUT /api/user/prompts/:id with any of the prompt's fields; a published change keeps the old version. */
export async function updatePrompt(id: string, body: UpdatePromptInput): Promise<PromptMutationResult> {
  const { data, message } = await apiRequestWithMessage<unknown>(`/user/prompts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return { prompt: CreatorPromptResultSchema.parse(data).prompt, message };
}

/** A failure raises the spec's error toast; the edit dialog also marks the fields. */
export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePromptInput }) => updatePrompt(id, body),
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
