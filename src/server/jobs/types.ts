import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/*
 * Background work as jobs (decision 047): PostgreSQL keeps them in pg-boss, SQLite in our `jobs`
 * table; one runner (runner.ts) works both through a JobStore. The states are pg-boss's: `failed`
 * is a dead job, whose retries are used up, kept for an admin to retry.
 */

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const JOB_STATES: readonly JobState[] = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
];

/** How a queue's failed jobs are retried: `retryLimit` more tries, the first after the configured delay. */
export interface QueuePolicy {
  retryLimit: number;
}

/** A job a worker took: its data and which try this is (0 for the first). */
export interface JobRun<T = unknown> {
  id: string;
  queue: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T = unknown> = (job: JobRun<T>) => Promise<void>;

/** One job as the admin panel lists it. */
export interface JobRecord {
  id: string;
  queue: string;
  state: JobState;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** When a job waiting for a retry may run. */
  startAfter: string;
  /** The last failure's message. */
  error: string | null;
}

export interface JobFilter {
  state?: JobState;
  queue?: string;
  limit: number;
}

export interface SendOptions {
  /** The transaction the job belongs to: it is queued only if that commits. */
  db?: Kysely<DB>;
}

/** Where jobs live: pg-boss on PostgreSQL, the jobs table on SQLite. */
export interface JobStore {
  /** Makes the queues (and, when given, their schedules) ready. */
  start(queues: Map<string, QueuePolicy>, schedules: Map<string, string> | null): Promise<void>;
  send(queue: string, data: unknown, options: SendOptions): Promise<string>;
  /** Takes the next due job of the queue, or null; a job is given to one worker only. */
  fetch(queue: string): Promise<JobRun | null>;
  complete(job: JobRun): Promise<void>;
  fail(job: JobRun, error: string): Promise<void>;
  /** Newest first; `state` and `queue` narrow them. */
  list(filter: JobFilter): Promise<JobRecord[]>;
  /** How many jobs are in each state, of one queue or all. */
  counts(queue?: string): Promise<Record<JobState, number>>;
  /** Puts a dead job back in its queue for one more try; false when there is no such dead job. */
  retry(id: string): Promise<boolean>;
  stop(): Promise<void>;
}
