import { CompiledQuery, type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/types';
import { JOB_STATES, type JobRecord, type JobState, type JobStore } from './types';

/*
 * Jobs on PostgreSQL through pg-boss 10 (decision 047), in its own `pgboss` schema, which it
 * creates and upgrades at start. It runs its statements on the app's pool (no second pool), and on
 * the caller's transaction for a send inside one. pg-boss gives each job to one worker
 * (SKIP LOCKED), retries with backoff, expires jobs a dead process held, archives and deletes old
 * ones, and sends each cron schedule's jobs once across instances (its timekeeper).
 */

const SCHEMA = 'pgboss';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss's way into a database: our pool, or a transaction. */
const executor = (db: Kysely<DB>): PgBoss.Db => ({
  async executeSql(text, values) {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows as unknown[] };
  },
});

export function pgJobStore(options: {
  db: Kysely<DB>;
  retryDelaySeconds: number;
  /** How often the cron's own queue is worked (pg-boss's cronWorkerIntervalSeconds). */
  cronWorkerSeconds: number;
  onError: (err: Error) => void;
}): JobStore {
  const { db, retryDelaySeconds } = options;
  let boss: PgBoss | null = null;
  // After stop a job can still be queued (by a request still in flight, as the SQLite store
  // allows): pg-boss's send is one statement on our database and needs none of its timers.
  let stopped: PgBoss | null = null;

  const ready = () => {
    if (!boss) throw new Error('jobs not started');
    return boss;
  };

  return {
    async start(queues, schedules) {
      const config = {
        db: executor(db),
        schema: SCHEMA,
        cronWorkerIntervalSeconds: options.cronWorkerSeconds,
        // Dead jobs stay in the job table, where an admin can retry them, for a week.
        archiveFailedAfterSeconds: 7 * 24 * 3600,
        deleteAfterDays: 7,
      };
      // First the schema (created or upgraded), the queues and the schedules, with no timers, so
      // that the timekeeper's first look, at its start, finds the schedules. Instances starting
      // together take turns (a session lock on one connection): pg-boss's first install and its
      // queue tables are not safe to create twice at once.
      await db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(hashtext('promptforge jobs setup'))`.execute(conn);
        const setup = new PgBoss({ ...config, db: executor(conn), schedule: false, supervise: false });
        setup.on('error', options.onError);
        try {
          await setup.start();
          for (const [name, policy] of queues) {
            const queue = {
              name,
              retryLimit: policy.retryLimit,
              retryDelay: retryDelaySeconds,
              retryBackoff: retryDelaySeconds > 0,
            };
            await setup.createQueue(name, queue);
            await setup.updateQueue(name, queue);
          }
          for (const [name, cron] of schedules ?? []) await setup.schedule(name, cron, {}, { tz: 'UTC' });
          await setup.stop({ graceful: false, close: false });
        } catch (err) {
          // A statement of pg-boss's own transactions failed: end it before the lock is let go.
          await sql`rollback`.execute(conn).catch(() => {});
          throw err;
        } finally {
          setup.removeAllListeners('error');
          await sql`select pg_advisory_unlock(hashtext('promptforge jobs setup'))`.execute(conn);
        }
      });
      // Its timekeeper (cron) runs only where schedules are asked for: the server, not most tests.
      boss = new PgBoss({ ...config, schedule: Boolean(schedules), migrate: false });
      boss.on('error', options.onError);
      await boss.start();
    },
    async send(queue, data, sendOptions) {
      const id = await (boss ?? stopped ?? ready()).send(
        queue,
        (data ?? {}) as object,
        sendOptions.db ? { db: executor(sendOptions.db) } : {},
      );
      if (!id) throw new Error(`job for ${queue} not queued`);
      return id;
    },
    async fetch(queue) {
      const [job] = await ready().fetch(queue, { includeMetadata: true, batchSize: 1 });
      return job
        ? { id: job.id, queue, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }
        : null;
    },
    async complete(job) {
      await ready().complete(job.queue, job.id);
    },
    async fail(job, error) {
      await ready().fail(job.queue, job.id, { message: error });
    },
    async list(filter) {
      const rows = await sql<PgBossJobRow>`
        select id, name, state, data, retry_count, retry_limit, created_on, started_on, completed_on,
          start_after, output
        from ${sql.table(`${SCHEMA}.job`)}
        where name not like '\_\_pgboss\_\_%' ${filter.state ? sql`and state = ${filter.state}` : sql``}
          ${filter.queue ? sql`and name = ${filter.queue}` : sql``}
        order by created_on desc, id
        limit ${filter.limit}`.execute(db);
      return rows.rows.map(toRecord);
    },
    async counts(queue) {
      const rows = await sql<{ state: JobState; n: string }>`
        select state, count(*) as n from ${sql.table(`${SCHEMA}.job`)}
        where name not like '\_\_pgboss\_\_%' ${queue ? sql`and name = ${queue}` : sql``}
        group by state`.execute(db);
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
      for (const row of rows.rows) counts[row.state] = Number(row.n);
      return counts;
    },
    async retry(id) {
      if (!UUID.test(id)) return false;
      const found = await sql<{ name: string }>`
        select name from ${sql.table(`${SCHEMA}.job`)} where id = ${id}::uuid and state = 'failed'`.execute(
        db,
      );
      const name = found.rows[0]?.name;
      if (!name) return false;
      await ready().retry(name, id);
      return true;
    },
    async stop() {
      const running = boss;
      boss = null;
      stopped = running ?? stopped;
      // Our workers have stopped; this stops pg-boss's own timers (maintenance, cron).
      await running?.stop({ graceful: false, close: false });
      running?.removeAllListeners('error');
    },
  };
}

interface PgBossJobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  start_after: Date | string;
  output: { message?: string } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toRecord = (row: PgBossJobRow): JobRecord => ({
  id: row.id,
  queue: row.name,
  state: row.state,
  data: row.data,
  retryCount: row.retry_count,
  retryLimit: row.retry_limit,
  createdAt: iso(row.created_on),
  startedAt: row.started_on ? iso(row.started_on) : null,
  completedAt: row.completed_on ? iso(row.completed_on) : null,
  startAfter: iso(row.start_after),
  error: row.output?.message ?? null,
});
