import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult } from '@shared/notifications';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/read-all: every notice of the user. */
export function markAllRead(): Promise<MarkReadResult> {
  return api.post<MarkReadResult>('/notifications/read-all');
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onError: (error) => showErrorToast(error, { title: 'Could not mark your notices read' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
