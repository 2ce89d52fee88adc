import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { pgJobStore } from './pg-store';
import { type Jobs, createJobs } from './runner';
import { sqliteJobStore } from './sqlite-store';

export type { Jobs } from './runner';

/** The job runner on the app's database: pg-boss on PostgreSQL, the jobs table on SQLite (decision 047). */
export function createJobRunner(
  database: Database,
  config: Config['jobs'],
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Jobs {
  const store =
    database.engine === 'postgres'
      ? pgJobStore({
          db: database.db,
          retryDelaySeconds: config.retryDelaySeconds,
          cronWorkerSeconds: Math.min(45, Math.max(1, Math.ceil(config.pollSeconds))),
          onError: (err) => log.error({ err }, 'pg-boss error'),
        })
      : sqliteJobStore({
          db: database.db,
          retryDelaySeconds: config.retryDelaySeconds,
          cronCheckMs: config.pollSeconds * 5000,
        });
  return createJobs({ store, log, pollSeconds: config.pollSeconds });
}
