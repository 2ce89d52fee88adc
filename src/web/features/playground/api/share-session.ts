import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Share,
  ShareSchema,
  ShareStateSchema,
  type SharedConversation,
  SharedConversationSchema,
} from '@shared/playground-share';
import { api, apiRequest } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

const path = (id: string) => `/playground/sessions/${encodeURIComponent(id)}/share`;

/** GET /api/playground/sessions/:id/share: the conversation's link, if it has one. */
export function getShareQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: playgroundKeys.share(sessionId),
    queryFn: async ({ signal }) =>
      ShareStateSchema.parse(await api.get<unknown>(path(sessionId), undefined, signal)).share,
    staleTime: 0,
  });
}

/** PUT (make or update the link) and DELETE (stop sharing). */
export function useShareSession(sessionId: string) {
  const queryClient = useQueryClient();
  const key = playgroundKeys.share(sessionId);
  const share = useMutation({
    meta: { silent: true },
    mutationFn: async (): Promise<Share> =>
      ShareSchema.parse(await apiRequest<unknown>(path(sessionId), { method: 'PUT' })),
    onSuccess: (link) => queryClient.setQueryData(key, link),
  });
  const unshare = useMutation({
    meta: { silent: true },
    mutationFn: () => apiRequest<unknown>(path(sessionId), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(key, null),
  });
  return { share, unshare };
}

/** GET /api/shares/:id: a shared conversation, for anyone with its link. */
export function getSharedConversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['shared-conversation', id] as const,
    queryFn: async ({ signal }): Promise<SharedConversation> =>
      SharedConversationSchema.parse(
        await api.get<unknown>(`/shares/${encodeURIComponent(id)}`, undefined, signal),
      ),
    retry: false,
    meta: { silent: true },
  });
}
