import { ListChecksIcon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QUEUE_LABELS } from '@shared/admin-jobs';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type JobFilter, useJobs } from '../jobs/api/get-jobs';
import { useRetryJob } from '../jobs/api/retry-job';
import { JobItem } from '../jobs/components/job-item';

const FILTERS: { value: JobFilter; label: string }[] = [
  { value: 'all', label: 'Recent' },
  { value: 'failed', label: 'Dead' },
  { value: 'retry', label: 'Retrying' },
  { value: 'created', label: 'Queued' },
];

const EMPTY: Record<string, string> = {
  all: 'No jobs yet',
  failed: 'No dead jobs',
  retry: 'No jobs waiting for a retry',
  created: 'No jobs waiting',
};

/** /admin/jobs: background work (mail, expiry, trending, reports), its failures, retries and dead jobs. */
export function AdminJobsPage() {
  const [state, setState] = useState<JobFilter>('all');
  const [queue, setQueue] = useState('');
  const jobs = useJobs({ state, queue });
  const retry = useRetryJob();

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Jobs</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Mail and scheduled work run as jobs. A failed job is retried with growing delays; once its tries are
          used up it is dead, and you can retry it here.
        </p>
      </div>
      <Tabs value={state} onValueChange={(value) => setState(value as JobFilter)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
            {FILTERS.map((filter) => (
              <TabsTrigger key={filter.value} value={filter.value}>
                {filter.label}
                {jobs.data && filter.value !== 'all' ? (
                  <span className="ml-1 rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
                    {jobs.data.counts[filter.value]}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <NativeSelect
            aria-label="Queue"
            value={queue}
            onChange={(event) => setQueue(event.target.value)}
            containerClassName="sm:w-56"
          >
            <option value="">All queues</option>
            {Object.entries(QUEUE_LABELS).map(([name, label]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {/* The list is the selected tab's panel, so the tab's aria-controls names an element that exists. */}
        <TabsContent value={state} className="mt-6 grid gap-6">
          {jobs.isPending ? (
            <Card className="grid gap-4 p-6" aria-busy="true" aria-label="Loading jobs">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </Card>
          ) : jobs.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Failed to load jobs</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {jobs.error.message || 'Please try refreshing the page'}
                <Button size="sm" variant="outline" onClick={() => void jobs.refetch()}>
                  <RotateCwIcon aria-hidden />
                  Retry
                </Button>
              </AlertDescription>
            </Alert>
          ) : jobs.data.jobs.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ListChecksIcon className="size-6" aria-hidden />
              </div>
              <p className="font-medium">{EMPTY[state]}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Mails, subscription expiry, trending and the admin reports appear here as they run.
              </p>
            </Card>
          ) : (
            <Card className="divide-y overflow-hidden" aria-busy={jobs.isFetching}>
              {jobs.data.jobs.map((job) => (
                <JobItem
                  key={job.id}
                  job={job}
                  busy={retry.isPending && retry.variables === job.id}
                  onRetry={() =>
                    retry.mutate(job.id, {
                      onSuccess: () => withToast((toast) => toast.success('Job queued for another try')),
                    })
                  }
                />
              ))}
            </Card>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
