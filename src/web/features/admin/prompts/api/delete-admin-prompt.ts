import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withToast } from '@/lib/lazy-toast';
import { ADMIN_PROMPT_MESSAGES, AdminPromptDeleteResultSchema } from '@shared/admin-prompts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { failureMessage } from '../lib/failure';
import { refreshAfterAdminPromptChange } from './query-keys';

/** DELETE /api/admin/prompts/:id: a prompt with buyers is archived instead; the message says which. */
export async function deleteAdminPrompt(id: string) {
  const { data, message } = await apiRequestWithMessage<unknown>(`/admin/prompts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return { ...AdminPromptDeleteResultSchema.parse(data), message };
}

/** Says what happened in a toast; the dialog stays open after a failure to try again. */
export function useDeleteAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPrompt,
    onSuccess: (result) => {
      if (result.archived)
        withToast((toast) => toast.success('Prompt archived', { description: result.message }));
      else withToast((toast) => toast.success(result.message ?? ADMIN_PROMPT_MESSAGES.deleted));
      return refreshAfterAdminPromptChange(queryClient);
    },
    // The spec's 'Failed to delete prompt' (or the server's message) instead of the generic toast.
    onError: (error) => {
      withToast((toast) =>
        toast.error('Error', { description: failureMessage(error, ADMIN_PROMPT_MESSAGES.deleteFailed) }),
      );
    },
    meta: { silent: true },
  });
}
