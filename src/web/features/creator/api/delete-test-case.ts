import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPromptChange } from './query-keys';

/** DELETE /api/user/prompts/:id/tests/:caseId. */
export async function deleteTestCase(id: string, caseId: string): Promise<void> {
  await apiRequestWithMessage<unknown>(
    `/user/prompts/${encodeURIComponent(id)}/tests/${encodeURIComponent(caseId)}`,
    { method: 'DELETE' },
  );
}

/** The board and the badge may change with a case gone: the studio and the catalogue are refreshed. */
export function useDeleteTestCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: string) => deleteTestCase(id, caseId),
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
