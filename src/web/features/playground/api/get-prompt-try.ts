import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PromptTry, PromptTrySchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/**
 * GET /api/playground/prompts/:id (id or slug): a marketplace prompt's variables, and its text only
 * when the user may read it (free, bought or their own); tries left for a premium one.
 */
export async function getPromptTry(id: string, signal?: AbortSignal): Promise<PromptTry> {
  return PromptTrySchema.parse(
    await api.get<unknown>(`/playground/prompts/${encodeURIComponent(id)}`, undefined, signal),
  );
}

export function getPromptTryQueryOptions(id: string) {
  return queryOptions({
    queryKey: playgroundKeys.promptTry(id),
    queryFn: ({ signal }) => getPromptTry(id, signal),
    // Tries left changes with every try: always ask.
    staleTime: 0,
    meta: { silent: true },
  });
}

export function usePromptTry(id: string | null) {
  return useQuery({ ...getPromptTryQueryOptions(id ?? ''), enabled: id !== null });
}
