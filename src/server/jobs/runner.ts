import type { FastifyBaseLogger } from 'fastify';
import { metrics } from '../lib/metrics';
import type {
  JobFilter,
  JobHandler,
  JobRecord,
  JobRun,
  JobState,
  JobStore,
  QueuePolicy,
  SendOptions,
} from './types';

/*
 * The job runner (decision 047): queues are declared with `work` and `schedule` when the app is
 * built; `start` makes them ready and runs one worker loop per queue, which takes a due job, runs
 * its handler and records the outcome. `send` starts the runner on first use, so an app (a test)
 * that never queues a job never pays for it; the server starts it with its schedules at boot.
 * `stop` lets the jobs in hand finish, then leaves the store (before the database closes).
 */

export interface Jobs {
  /** Declares a queue, how its failures are retried and the handler that works its jobs. */
  work<T>(queue: string, policy: QueuePolicy, handler: JobHandler<T>): void;
  /** Sends a job to a declared queue on a cron schedule (UTC), once per due time across instances. */
  schedule(queue: string, cron: string): void;
  /** Queues a job; with `options.db` (a transaction) it exists only if that transaction commits. */
  send(queue: string, data: unknown, options?: SendOptions): Promise<string>;
  /** Wakes a queue's worker now (after the transaction a job was sent in committed). */
  notify(queue: string): void;
  /** Starts the workers, and the schedules when asked (the server does; tests ask when they test them). */
  start(options?: { schedules?: boolean }): Promise<void>;
  /**
   * Stops the workers: each finishes its job in hand, then the jobs already due (a mail a request
   * just queued), until one fails or `drainMs` passes; what is left waits for the next start.
   */
  stop(drainMs?: number): Promise<void>;
  list(filter: JobFilter): Promise<JobRecord[]>;
  counts(queue?: string): Promise<Record<JobState, number>>;
  retry(id: string): Promise<boolean>;
}

export function createJobs(options: {
  store: JobStore;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  pollSeconds: number;
}): Jobs {
  const { store, log } = options;
  const pollMs = options.pollSeconds * 1000;
  const queues = new Map<string, { policy: QueuePolicy; handler: JobHandler }>();
  const schedules = new Map<string, string>();
  const wakers = new Map<string, () => void>();
  const loops: Promise<void>[] = [];
  let starting: Promise<void> | null = null;
  let stopping = false;
  let drainUntil = 0;

  const idle = (queue: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(queue);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      wakers.set(queue, done);
    });

  /** True when the job succeeded. */
  async function run(job: JobRun, handler: JobHandler): Promise<boolean> {
    try {
      await handler(job);
    } catch (err) {
      const dead = job.retryCount >= job.retryLimit;
      const message = err instanceof Error ? err.message : String(err);
      metrics.job(job.queue, dead ? 'dead' : 'retried');
      if (dead) log.error({ err, queue: job.queue, jobId: job.id }, `job ${job.queue} failed its last try`);
      else
        log.warn({ err, queue: job.queue, jobId: job.id, retry: job.retryCount }, `job ${job.queue} failed`);
      await store
        .fail(job, message)
        .catch((e: unknown) => log.warn({ err: e }, 'could not record a job failure'));
      return false;
    }
    metrics.job(job.queue, 'completed');
    await store.complete(job).catch((err: unknown) => log.warn({ err }, 'could not record a finished job'));
    return true;
  }

  async function loop(queue: string, handler: JobHandler) {
    let failing = false;
    while (!stopping) {
      let job: JobRun | null = null;
      try {
        job = await store.fetch(queue);
        failing = false;
      } catch (err) {
        // The database away: say so once, and keep polling until it is back.
        if (!failing && !stopping) log.warn({ err, queue }, 'job worker cannot reach the database');
        failing = true;
      }
      if (job) await run(job, handler);
      else if (!stopping) await idle(queue);
    }
    // Stopping: the jobs due now, one after another, while they succeed and time is left.
    while (Date.now() < drainUntil) {
      const job = await store.fetch(queue).catch(() => null);
      if (!job || !(await run(job, handler))) break;
    }
  }

  const jobs: Jobs = {
    work(queue, policy, handler) {
      if (starting) throw new Error(`queue ${queue} declared after the jobs started`);
      queues.set(queue, { policy, handler: handler as JobHandler });
    },
    schedule(queue, cron) {
      if (!queues.has(queue)) throw new Error(`schedule for undeclared queue ${queue}`);
      schedules.set(queue, cron);
    },
    async send(queue, data, sendOptions = {}) {
      if (!queues.has(queue)) throw new Error(`job sent to undeclared queue ${queue}`);
      await jobs.start();
      const id = await store.send(queue, data, sendOptions);
      // A job sent outside a transaction is due now: its worker need not wait for its next poll.
      if (!sendOptions.db) wakers.get(queue)?.();
      return id;
    },
    start(startOptions = {}) {
      starting ??= (async () => {
        const policies = new Map([...queues].map(([name, q]) => [name, q.policy]));
        await store.start(policies, startOptions.schedules ? schedules : null);
        if (stopping) return;
        for (const [name, { handler }] of queues) loops.push(loop(name, handler));
      })();
      return starting;
    },
    notify(queue) {
      wakers.get(queue)?.();
    },
    async stop(drainMs = 0) {
      stopping = true;
      drainUntil = Date.now() + drainMs;
      if (!starting) return;
      await starting.catch(() => {});
      for (const wake of [...wakers.values()]) wake();
      await Promise.all(loops);
      await store.stop();
    },
    async list(filter) {
      await jobs.start();
      return store.list(filter);
    },
    async counts(queue) {
      await jobs.start();
      return store.counts(queue);
    },
    async retry(id) {
      await jobs.start();
      const retried = await store.retry(id);
      for (const wake of [...wakers.values()]) wake();
      return retried;
    },
  };
  return jobs;
}
