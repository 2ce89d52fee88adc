import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CategoriesSchema } from '@shared/marketplace';
import { api } from '@/lib/api-client';
import { MARKETPLACE_STALE_MS } from './get-prompts';

export type CategoryCounts = z.infer<typeof CategoriesSchema>;

export function getCategories(signal?: AbortSignal): Promise<CategoryCounts> {
  return api.get<CategoryCounts>('/marketplace/categories', undefined, signal);
}

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['marketplace', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: MARKETPLACE_STALE_MS,
    // The counts decorate the category pills; without them the pills still work, so no toast.
    meta: { silent: true },
  });
}

/** Published prompts per category, for the category pills. */
export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
