import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Jobs } from '../../jobs';
import type { BackgroundTasks } from '../../lib/background';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Background and scheduled jobs (decision 047). */
    jobs: Jobs;
    /** Writes held back for batching (page views): modules register their flush here. */
    deferredWrites: DeferredWrites;
  }
}

export interface DeferredWrites {
  register(flush: () => Promise<void>): void;
  /** Writes whatever is held back now (tests, and anyone who must read their own writes). */
  flush(): Promise<void>;
}

/**
 * Makes the open database and the job runner available to routes, and closes them last when the
 * server closes: once the work requests left running after their answers has finished, and the jobs
 * due then (a mail that work queued) have run, each within `settleMs`.
 */
async function dbPlugin(
  app: FastifyInstance,
  opts: { database: Database; jobs: Jobs; background: BackgroundTasks; settleMs: number },
) {
  app.decorate('database', opts.database);
  app.decorate('jobs', opts.jobs);
  const flushes: (() => Promise<void>)[] = [];
  app.decorate('deferredWrites', {
    register: (flush: () => Promise<void>) => void flushes.push(flush),
    flush: async () => {
      await Promise.all(flushes.map((f) => f()));
    },
  });
  app.addHook('onClose', async () => {
    await opts.background.settle(opts.settleMs);
    await opts.jobs.stop(opts.settleMs);
    await opts.database.close();
  });
}

export default fp(dbPlugin, { name: 'db' });
