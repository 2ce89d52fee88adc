import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type JobList, JobListSchema, type JobState } from '@shared/admin-jobs';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

export type JobFilter = JobState | 'all';
export interface JobsFilters {
  state: JobFilter;
  /** One queue, or '' for all. */
  queue: string;
}
export const JOBS_PAGE_SIZE = 50;
export const jobsScope = [ACCOUNT_QUERY_SCOPE, 'admin-jobs'] as const;

/** GET /api/admin/jobs: background jobs, newest first, with counts per state. */
export async function getJobs(filters: JobsFilters, signal?: AbortSignal): Promise<JobList> {
  const data = await api.get<unknown>(
    '/admin/jobs',
    { state: filters.state, ...(filters.queue ? { queue: filters.queue } : {}), limit: JOBS_PAGE_SIZE },
    signal,
  );
  return JobListSchema.parse(data);
}

export function getJobsQueryOptions(filters: JobsFilters) {
  return queryOptions({
    queryKey: [...jobsScope, filters],
    queryFn: ({ signal }) => getJobs(filters, signal),
    staleTime: 5_000,
    // Jobs move on their own: the page follows them while it is open.
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useJobs(filters: JobsFilters) {
  return useQuery(getJobsQueryOptions(filters));
}
