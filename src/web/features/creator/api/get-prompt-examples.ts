import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PromptExamples, PromptExamplesSchema } from '@shared/prompt-tests';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** GET /api/user/prompts/:id/examples: the listing's examples and the runs the creator may pick. */
export async function getPromptExamples(id: string, signal?: AbortSignal): Promise<PromptExamples> {
  return PromptExamplesSchema.parse(
    await api.get<unknown>(`/user/prompts/${encodeURIComponent(id)}/examples`, {}, signal),
  );
}

export function getPromptExamplesQueryOptions(id: string) {
  return queryOptions({
    queryKey: creatorKeys.examples(id),
    queryFn: ({ signal }) => getPromptExamples(id, signal),
  });
}

export const usePromptExamples = (id: string) => useQuery(getPromptExamplesQueryOptions(id));
