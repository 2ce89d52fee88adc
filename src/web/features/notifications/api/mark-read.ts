import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/:id/read: one of the user's notices. */
export function markRead(id: string): Promise<MarkReadResult> {
  return api.post<MarkReadResult>(`/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onError: (error) => showErrorToast(error, { title: 'Could not mark the notice read' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
