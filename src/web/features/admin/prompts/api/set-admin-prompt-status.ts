import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminPrompt,
  AdminPromptResultSchema,
  type AdminPromptStatusInput,
} from '@shared/admin-prompts';
import { apiRequestWithMessage } from '@/lib/api-client';
import { refreshAfterAdminPromptChange } from './query-keys';

/** PUT /api/admin/prompts/:id/status {status, notes}: the creator sees the note in their studio. */
export async function setAdminPromptStatus(
  id: string,
  body: AdminPromptStatusInput,
): Promise<{ prompt: AdminPrompt; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/prompts/${encodeURIComponent(id)}/status`,
    { method: 'PUT', body },
  );
  return { prompt: AdminPromptResultSchema.parse(data).prompt, message };
}

export function useSetAdminPromptStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminPromptStatusInput }) =>
      setAdminPromptStatus(id, body),
    onSuccess: () => refreshAfterAdminPromptChange(queryClient),
  });
}
