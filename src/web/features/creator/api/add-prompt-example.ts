import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ExampleInput, ExampleResultSchema, type PromptExample } from '@shared/prompt-tests';
import { apiRequestWithMessage } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** POST /api/user/prompts/:id/examples: the server copies the chosen run onto the listing. */
export async function addPromptExample(id: string, body: ExampleInput): Promise<PromptExample> {
  const { data } = await apiRequestWithMessage<unknown>(`/user/prompts/${encodeURIComponent(id)}/examples`, {
    method: 'POST',
    body,
  });
  return ExampleResultSchema.parse(data).example;
}

/** The listing changes too: the public catalogue's cached prompt page is refreshed. */
export function useAddPromptExample(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExampleInput) => addPromptExample(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorKeys.examples(id) }),
        queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
      ]),
  });
}
