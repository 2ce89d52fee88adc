import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminJob, JobRetryResultSchema } from '@shared/admin-jobs';
import { api } from '@/lib/api-client';
import { jobsScope } from './get-jobs';

/** POST /api/admin/jobs/:id/retry: a dead job goes back to its queue for one more try (audited). */
export async function retryJob(id: string): Promise<AdminJob> {
  const data = await api.post<unknown>(`/admin/jobs/${encodeURIComponent(id)}/retry`);
  return JobRetryResultSchema.parse(data).job;
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryJob(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsScope }),
  });
}
