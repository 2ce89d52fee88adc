import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPrompt, type AdminPromptFormInput, AdminPromptResultSchema } from '@shared/admin-prompts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterAdminPromptChange } from './query-keys';

/** POST /api/admin/prompts: the admin prompt form; the signed-in admin is the author. */
export async function createAdminPrompt(
  body: AdminPromptFormInput,
): Promise<{ prompt: AdminPrompt; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>('/admin/prompts', { method: 'POST', body });
  return { prompt: AdminPromptResultSchema.parse(data).prompt, message };
}

export function useCreateAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminPrompt,
    onSuccess: () => refreshAfterAdminPromptChange(queryClient),
    // The dialog shows 'Failed to save prompt' itself.
    meta: { silent: true },
  });
}
