import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withToast } from '@/lib/lazy-toast';
import { DeleteResultSchema } from '@shared/creator';
import type { z } from 'zod';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPromptChange } from './query-keys';

export type DeleteResult = z.infer<typeof DeleteResultSchema> & { message: string | undefined };

/**
 * DELETE /api/user/prompts/:id. A prompt somebody bought is archived instead, so its buyers keep
 * access; the server's message says which happened.
 */
export async function deletePrompt(id: string): Promise<DeleteResult> {
  const { data, message } = await apiRequestWithMessage<unknown>(`/user/prompts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
  return { ...DeleteResultSchema.parse(data), message };
}

/** Says what happened in a toast; a failure raises the spec's error toast (the query client's). */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrompt,
    onSuccess: (result) => {
      withToast((toast) =>
        toast.success(
          result.message ??
            (result.archived ? 'Prompt archived: its buyers keep access.' : 'Prompt deleted successfully!'),
        ),
      );
      return refreshAfterPromptChange(queryClient);
    },
  });
}
