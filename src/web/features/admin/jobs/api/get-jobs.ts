import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type JobList, JobListSchema, type JobState } from '@shared/admin-jobs';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

export type JobFilter = JobState | 'all';
export const JOBS_PAGE_SIZE = 50;
export const jobsScope = [ACCOUNT_QUERY_SCOPE, 'admin-jobs'] as const;

/** GET /api/admin/jobs: background jobs, newest first, with counts per state. */
export async function getJobs(state: JobFilter, signal?: AbortSignal): Promise<JobList> {
  const data = await api.get<unknown>('/admin/jobs', { state, limit: JOBS_PAGE_SIZE }, signal);
  return JobListSchema.parse(data);
}

export function getJobsQueryOptions(state: JobFilter) {
  return queryOptions({
    queryKey: [...jobsScope, state],
    queryFn: ({ signal }) => getJobs(state, signal),
    staleTime: 5_000,
    // Jobs move on their own: the page follows them while it is open.
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useJobs(state: JobFilter) {
  return useQuery(getJobsQueryOptions(state));
}
