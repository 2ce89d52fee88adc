import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionSummary, SessionListSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** GET /api/playground/sessions: the signed-in user's conversations, pinned first, then newest; `q` searches. */
export async function getSessions(signal?: AbortSignal, q?: string): Promise<SessionSummary[]> {
  return SessionListSchema.parse(
    await api.get<unknown>('/playground/sessions', q ? { q } : undefined, signal),
  ).sessions;
}

export function getSessionsQueryOptions(q?: string) {
  return queryOptions({
    // A search lives under the list's key, so whatever refreshes the list refreshes it too.
    queryKey: q ? [...playgroundKeys.sessions(), 'search', q] : playgroundKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal, q),
    // Spec section 9: sessions are fresh for a minute.
    staleTime: 60 * 1000,
    // The panel shows its own error with a retry.
    meta: { silent: true },
  });
}

export function useSessions(q?: string) {
  return useQuery({ ...getSessionsQueryOptions(q), enabled: q === undefined || q.trim() !== '' });
}
