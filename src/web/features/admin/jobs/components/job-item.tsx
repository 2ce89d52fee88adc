import { RotateCcwIcon } from 'lucide-react';
import { type AdminJob, type JobState, QUEUE_LABELS } from '@shared/admin-jobs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/format';
import { RelativeTime } from '@/components/relative-time';

const STATE_BADGE: Record<
  JobState,
  { label: string; variant: 'default' | 'secondary' | 'outline' | 'destructive' }
> = {
  created: { label: 'Queued', variant: 'outline' },
  retry: { label: 'Retrying', variant: 'secondary' },
  active: { label: 'Running', variant: 'default' },
  completed: { label: 'Done', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  failed: { label: 'Dead', variant: 'destructive' },
};

/** One job: its queue, what it is about, its state and tries, its last error, and Retry when dead. */
export function JobItem({ job, onRetry, busy }: { job: AdminJob; onRetry: () => void; busy: boolean }) {
  const badge = STATE_BADGE[job.state];
  const tries = job.retryCount + (job.state === 'created' ? 0 : 1);
  return (
    <article className="grid gap-2 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">{QUEUE_LABELS[job.queue] ?? job.queue}</h2>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          {job.summary ? (
            <p className="mt-1 text-sm break-words text-muted-foreground">{job.summary}</p>
          ) : null}
        </div>
        <RelativeTime value={job.createdAt} className="text-xs text-muted-foreground" />
      </header>
      <p className="text-xs text-muted-foreground tabular-nums">
        {tries === 1 ? '1 try' : `${tries} tries`} of {job.retryLimit + 1}
        {job.state === 'retry' ? ` · next ${formatRelativeTime(job.startAfter)}` : ''}
      </p>
      {job.error ? (
        <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-words">{job.error}</p>
      ) : null}
      {job.state === 'failed' ? (
        <div>
          <Button size="sm" variant="outline" disabled={busy} onClick={onRetry}>
            <RotateCcwIcon aria-hidden />
            Retry
          </Button>
        </div>
      ) : null}
    </article>
  );
}
