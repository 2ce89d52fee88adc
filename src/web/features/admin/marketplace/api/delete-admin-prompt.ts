import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPromptDeleteResultSchema } from '@shared/admin-prompts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterAdminPromptChange } from './query-keys';

/** DELETE /api/admin/prompts/:id: a prompt with buyers is archived instead; the message says which. */
export async function deleteAdminPrompt(id: string) {
  const { data, message } = await apiRequestWithMessage<unknown>(`/admin/prompts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return { ...AdminPromptDeleteResultSchema.parse(data), message };
}

export function useDeleteAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPrompt,
    onSuccess: () => refreshAfterAdminPromptChange(queryClient),
    // The dialog shows 'Failed to delete prompt' itself.
    meta: { silent: true },
  });
}
