import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportRequest, type ImportResult, ImportResultSchema } from '@shared/prompt-transfer';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterPromptChange } from './query-keys';

/** POST /api/user/prompts/import: a draft for each chosen valid row, all in one transaction. */
export async function importPrompts(
  body: ImportRequest,
): Promise<{ result: ImportResult; message: string | undefined }> {
  const { data, message } = await apiRequestWithMessage<unknown>('/user/prompts/import', {
    method: 'POST',
    body,
  });
  return { result: ImportResultSchema.parse(data), message };
}

export function useImportPrompts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPrompts,
    onSuccess: () => refreshAfterPromptChange(queryClient),
  });
}
