import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** DELETE /api/playground/sessions/:id. */
export async function deleteSession(id: string): Promise<void> {
  await api.delete<null>(`/playground/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SessionSummary[]>(playgroundKeys.sessions(), (sessions) =>
        sessions?.filter((s) => s.id !== id),
      );
      queryClient.removeQueries({ queryKey: playgroundKeys.session(id) });
      void queryClient.invalidateQueries({ queryKey: playgroundKeys.sessions() });
    },
  });
}
