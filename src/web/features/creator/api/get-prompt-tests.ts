import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PromptTests, PromptTestsSchema } from '@shared/prompt-tests';
import { api } from '@/lib/api-client';
import { creatorKeys } from './query-keys';

/** GET /api/user/prompts/:id/tests: the prompt's cases, board, recent runs and this month's budget. */
export async function getPromptTests(id: string, signal?: AbortSignal): Promise<PromptTests> {
  return PromptTestsSchema.parse(
    await api.get<unknown>(`/user/prompts/${encodeURIComponent(id)}/tests`, {}, signal),
  );
}

export function getPromptTestsQueryOptions(id: string) {
  return queryOptions({
    queryKey: creatorKeys.tests(id),
    queryFn: ({ signal }) => getPromptTests(id, signal),
    // Runs happen in the background after a publish: look again while the dialog is open.
    refetchInterval: 5000,
  });
}

export const usePromptTests = (id: string) => useQuery(getPromptTestsQueryOptions(id));
