import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionDetail, SessionDetailSchema } from '@shared/playground';
import type { SessionUpdate } from '@shared/playground-settings';
import { apiRequest } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** PATCH /api/playground/sessions/:id: rename, pin, or change the settings of a conversation. */
export async function updateSession(id: string, change: SessionUpdate): Promise<SessionDetail> {
  return SessionDetailSchema.parse(
    await apiRequest<unknown>(`/playground/sessions/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
    }),
  );
}

/** PUT /api/playground/sessions/:id/branch: show the branch through one message. */
export async function showBranch(id: string, messageId: string): Promise<SessionDetail> {
  return SessionDetailSchema.parse(
    await apiRequest<unknown>(`/playground/sessions/${encodeURIComponent(id)}/branch`, {
      method: 'PUT',
      body: { messageId },
    }),
  );
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    // The caller says what failed, in its own toast.
    meta: { silent: true },
    mutationFn: ({ id, change }: { id: string; change: SessionUpdate }) => updateSession(id, change),
    onSuccess: (detail) => {
      queryClient.setQueryData(playgroundKeys.session(detail.session.id), detail);
      void queryClient.invalidateQueries({ queryKey: playgroundKeys.sessions() });
    },
  });
}
