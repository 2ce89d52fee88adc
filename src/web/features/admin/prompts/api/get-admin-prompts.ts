import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminPromptList, AdminPromptListSchema } from '@shared/admin-prompts';
import { api } from '@/lib/api-client';
import type { queryFromFilters } from '../lib/filters';
import { adminPromptKeys } from './query-keys';

export type AdminPromptsQuery = ReturnType<typeof queryFromFilters>;

/** GET /api/admin/prompts?search&status&category&type&page&limit: a page of every prompt with the stat cards. */
export async function getAdminPrompts(
  query: AdminPromptsQuery,
  signal?: AbortSignal,
): Promise<AdminPromptList> {
  return AdminPromptListSchema.parse(await api.get<unknown>('/admin/prompts', { ...query }, signal));
}

export function getAdminPromptsQueryOptions(query: AdminPromptsQuery) {
  return queryOptions({
    queryKey: adminPromptKeys.list(query),
    queryFn: ({ signal }) => getAdminPrompts(query, signal),
    staleTime: 30_000,
    // The page shows 'Failed to load prompts' itself.
    meta: { silent: true },
  });
}

/** The previous page stays on screen while the next one loads. */
export function useAdminPrompts(query: AdminPromptsQuery) {
  return useQuery({ ...getAdminPromptsQueryOptions(query), placeholderData: keepPreviousData });
}
