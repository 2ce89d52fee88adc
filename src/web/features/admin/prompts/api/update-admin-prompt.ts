import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPrompt,
  AdminPromptResultSchema,
  type AdminPromptUpdateInput,
} from '@shared/admin-prompts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterAdminPromptChange } from './query-keys';

/** PUT /api/admin/prompts/:id: status, featured and trending only, or the whole form. */
export async function updateAdminPrompt(
  id: string,
  body: AdminPromptUpdateInput,
): Promise<{ prompt: AdminPrompt; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(`/admin/prompts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return { prompt: AdminPromptResultSchema.parse(data).prompt, message };
}

export function useUpdateAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminPromptUpdateInput }) => updateAdminPrompt(id, body),
    onSuccess: () => refreshAfterAdminPromptChange(queryClient),
    // Each caller shows its own words: 'Failed to save prompt', 'Failed to update featured status', ...
    meta: { silent: true },
  });
}
