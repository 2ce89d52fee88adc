import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromptDetail } from '@shared/marketplace';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { MARKETPLACE_STALE_MS } from './get-prompts';

/**
 * The detail depends on who asks (full text or preview, liked, may review), so the viewer is part of
 * the key: one person's answer is never shown to the next person on the same browser.
 */
export const promptQueryKey = (idOrSlug: string, viewerId: string | null) =>
  ['marketplace', 'prompt', idOrSlug, viewerId ?? 'visitor'] as const;

export type PromptQueryKey = ReturnType<typeof promptQueryKey>;

export function getPrompt(idOrSlug: string, signal?: AbortSignal): Promise<PromptDetail> {
  return api.get<PromptDetail>(`/marketplace/prompts/${encodeURIComponent(idOrSlug)}`, undefined, signal);
}

export function getPromptQueryOptions(idOrSlug: string, viewerId: string | null) {
  return queryOptions({
    queryKey: promptQueryKey(idOrSlug, viewerId),
    queryFn: ({ signal }) => getPrompt(idOrSlug, signal),
    staleTime: MARKETPLACE_STALE_MS,
    // The page shows not-found and failure states of its own.
    meta: { silent: true },
  });
}

/**
 * A prompt's page data for the current viewer. It waits for the session check at start-up: asking
 * before it would fetch the visitor's answer (a locked preview, no like state) and then the user's.
 * A page the server rendered starts with the visitor's answer (app/page-data.ts), which stays on
 * screen while a signed-in user's own loads; no other viewer's answer is ever shown in its place.
 */
export function usePrompt(idOrSlug: string) {
  const { status, user } = useAuth();
  const viewerId = user?.id ?? null;
  const query = useQuery({
    ...getPromptQueryOptions(idOrSlug, viewerId),
    enabled: status !== 'loading' && idOrSlug !== '',
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === idOrSlug && previousQuery.queryKey[3] === 'visitor'
        ? previous
        : undefined,
  });
  return { ...query, queryKey: promptQueryKey(idOrSlug, viewerId), signedIn: status === 'authenticated' };
}
