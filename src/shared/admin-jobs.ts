import { z } from 'zod';
import { limitParam } from './paging';

/*
 * The admin Jobs page (issue 58, decision 047): background and scheduled jobs, newest first, with
 * how many are in each state; a dead job (its retries used up) can be retried.
 */

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JobsQuerySchema = z.object({
  state: z
    .enum([...JOB_STATES, 'all'], {
      error: 'State must be created, retry, active, completed, cancelled, failed or all',
    })
    .default('all'),
  /** One queue's jobs ('mail-send'); all queues when absent. */
  queue: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
  limit: limitParam(200, 50),
});
export type JobsQuery = z.input<typeof JobsQuerySchema>;
export type JobsFilter = z.output<typeof JobsQuerySchema>;

export const AdminJobSchema = z.object({
  id: z.string(),
  /** The queue: 'mail-send', 'subscription-expiry', ... */
  queue: z.string(),
  /** What the job is about, in words (a mail's recipient and subject); null when there is nothing to add. */
  summary: z.string().nullable(),
  state: z.enum(JOB_STATES),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When a job waiting for its retry runs next. */
  startAfter: z.string(),
  /** The last failure's message. */
  error: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const JobListSchema = z.object({
  jobs: z.array(AdminJobSchema),
  /** How many jobs are in each state now. */
  counts: z.object({
    created: z.number().int(),
    retry: z.number().int(),
    active: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    failed: z.number().int(),
  }),
});
export type JobList = z.infer<typeof JobListSchema>;

export const JobParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const JobRetryResultSchema = z.object({ job: AdminJobSchema });

/** What the Jobs page calls each queue. */
export const QUEUE_LABELS: Record<string, string> = {
  'mail-send': 'Mail',
  'subscription-expiry': 'Subscription expiry',
  'refund-retry': 'Refund retry',
  'trending-refresh': 'Trending refresh',
  'admin-report-weekly': 'Weekly report',
  'admin-report-monthly': 'Monthly report',
  'prompt-tests-run': 'Prompt tests',
  'prompt-tests-due': 'Prompt test re-runs',
  'renewal-reminders': 'Renewal reminders',
  'uploads-cleanup': 'Upload clean-up',
  'payout-transfer': 'Payout transfer',
};
