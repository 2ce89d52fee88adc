import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionSummary, SessionListSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** GET /api/playground/sessions: the signed-in user's conversations, newest first. */
export async function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  return SessionListSchema.parse(await api.get<unknown>('/playground/sessions', undefined, signal)).sessions;
}

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: playgroundKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    // Spec section 9: sessions are fresh for a minute.
    staleTime: 60 * 1000,
    // The panel shows its own error with a retry.
    meta: { silent: true },
  });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
