import { queryOptions } from '@tanstack/react-query';
import { type SessionDetail, SessionDetailSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** GET /api/playground/sessions/:id: one conversation with its messages. */
export async function getSession(id: string, signal?: AbortSignal): Promise<SessionDetail> {
  return SessionDetailSchema.parse(
    await api.get<unknown>(`/playground/sessions/${encodeURIComponent(id)}`, undefined, signal),
  );
}

export function getSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: playgroundKeys.session(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // Reopening shows the conversation as the server has it now (a stopped reply was saved late).
    staleTime: 0,
    // A missing conversation is a 404 that retrying will not fix.
    retry: false,
    meta: { silent: true },
  });
}
