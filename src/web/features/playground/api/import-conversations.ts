import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportResult, ImportResultSchema } from '@shared/playground-settings';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** POST /api/playground/import: a ChatGPT conversations.json or a Promptforge chat export, as text. */
export async function importConversations(content: string): Promise<ImportResult> {
  return ImportResultSchema.parse(await api.post<unknown>('/playground/import', { content }));
}

export function useImportConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    // The caller says what failed, in its own toast.
    meta: { silent: true },
    mutationFn: importConversations,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: playgroundKeys.sessions() }),
  });
}
