import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** DELETE /api/user/prompts/:id/examples/:exampleId. */
export async function deletePromptExample(id: string, exampleId: string): Promise<void> {
  await apiRequestWithMessage<unknown>(
    `/user/prompts/${encodeURIComponent(id)}/examples/${encodeURIComponent(exampleId)}`,
    { method: 'DELETE' },
  );
}

export function useDeletePromptExample(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exampleId: string) => deletePromptExample(id, exampleId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorKeys.examples(id) }),
        queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
      ]),
  });
}
