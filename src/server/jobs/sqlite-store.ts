import crypto from 'node:crypto';
import cronParser from 'cron-parser';
import type { Kysely, Selectable } from 'kysely';
import type { DB, JobsTable } from '../db/types';
import {
  JOB_STATES,
  type JobRecord,
  type JobRun,
  type JobState,
  type JobStore,
  type QueuePolicy,
} from './types';

/*
 * Jobs on SQLite (decision 047): the `jobs` table with pg-boss's states and retry rule, worked in
 * process. A job is taken with one UPDATE ... RETURNING, so two processes on one file never take
 * the same one; a scheduled run is inserted under its due time as `singleton_key`, which the unique
 * index makes once per queue and time. A job a crashed process held longer than EXPIRE_MS is taken
 * again.
 */

const EXPIRE_MS = 15 * 60_000;
/** Finished jobs are deleted after these (pg-boss archives completed ones after 12 hours, dead ones after a week here). */
const KEEP_COMPLETED_MS = 12 * 3600_000;
const KEEP_FAILED_MS = 7 * 24 * 3600_000;
const MAINTENANCE_MS = 10 * 60_000;
/** A due time is sent while it is at most this old (as pg-boss does), so a restart never replays old ones. */
const SCHEDULE_WINDOW_MS = 60_000;

export function sqliteJobStore(options: {
  db: Kysely<DB>;
  retryDelaySeconds: number;
  /** How often due schedules are looked for. */
  cronCheckMs?: number;
}): JobStore {
  const { db, retryDelaySeconds } = options;
  const cronCheckMs = options.cronCheckMs ?? 20_000;
  let policies = new Map<string, QueuePolicy>();
  let cronTimer: NodeJS.Timeout | null = null;
  let maintenanceTimer: NodeJS.Timeout | null = null;
  let cronRun: Promise<void> = Promise.resolve();

  const insert = (trx: Kysely<DB>, queue: string, data: unknown, singletonKey: string | null) => {
    const policy = policies.get(queue);
    if (!policy) throw new Error(`unknown queue ${queue}`);
    const now = new Date().toISOString();
    return trx
      .insertInto('jobs')
      .values({
        id: crypto.randomUUID(),
        queue,
        data: JSON.stringify(data ?? {}),
        state: 'created',
        retry_limit: policy.retryLimit,
        retry_delay: retryDelaySeconds,
        retry_backoff: retryDelaySeconds > 0 ? 1 : 0,
        singleton_key: singletonKey,
        start_after: now,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  };

  // Each schedule's next due time, worked out once per due time: cron-parser walks back or forward
  // minute by minute, several milliseconds an expression, which every check repeated on the event loop.
  const nextDue = new Map<string, number>();
  const dueAfter = (cron: string, after: number) =>
    cronParser
      .parseExpression(cron, { tz: 'UTC', currentDate: new Date(after) })
      .next()
      .getTime();

  async function sendDue(schedules: Map<string, string>) {
    const now = Date.now();
    for (const [queue, cron] of schedules) {
      let due = nextDue.get(queue);
      // At the first look, or after missing due times by more than the window (the app was stopped
      // or asleep), only a due time inside the window is sent.
      if (due === undefined || now - due >= SCHEDULE_WINDOW_MS)
        due = dueAfter(cron, now - SCHEDULE_WINDOW_MS);
      if (due <= now) {
        await insert(db, queue, {}, new Date(due).toISOString());
        due = dueAfter(cron, now);
      }
      nextDue.set(queue, due);
    }
  }

  async function deleteOld() {
    const now = Date.now();
    await db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('state', 'in', ['completed', 'cancelled']),
            eb('completed_at', '<', new Date(now - KEEP_COMPLETED_MS).toISOString()),
          ]),
          eb.and([
            eb('state', '=', 'failed'),
            eb('completed_at', '<', new Date(now - KEEP_FAILED_MS).toISOString()),
          ]),
        ]),
      )
      .execute();
  }

  return {
    async start(queues, schedules) {
      policies = queues;
      maintenanceTimer = setInterval(() => {
        cronRun = deleteOld().catch(() => {});
      }, MAINTENANCE_MS);
      maintenanceTimer.unref();
      if (!schedules || schedules.size === 0) return;
      // Timers only: a start from inside a transaction (a first send) must not wait on the connection.
      const tick = () => {
        cronRun = sendDue(schedules).catch(() => {});
      };
      setImmediate(tick);
      cronTimer = setInterval(tick, cronCheckMs);
    },
    async send(queue, data, sendOptions) {
      const row = await insert(sendOptions.db ?? db, queue, data, null);
      return row!.id;
    },
    async fetch(queue) {
      const now = new Date();
      const row = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'active',
          started_at: now.toISOString(),
          // A retry counts when it starts, as in pg-boss.
          retry_count: eb
            .case()
            .when('started_at', 'is not', null)
            .then(eb('retry_count', '+', 1))
            .else(eb.ref('retry_count'))
            .end(),
        }))
        .where(
          'id',
          '=',
          db
            .selectFrom('jobs')
            .select('id')
            .where('queue', '=', queue)
            .where((eb) =>
              eb.or([
                eb.and([eb('state', 'in', ['created', 'retry']), eb('start_after', '<=', now.toISOString())]),
                eb.and([
                  eb('state', '=', 'active'),
                  eb('started_at', '<', new Date(now.getTime() - EXPIRE_MS).toISOString()),
                ]),
              ]),
            )
            .orderBy('start_after')
            .limit(1),
        )
        .returningAll()
        .executeTakeFirst();
      return row ? toRun(row) : null;
    },
    async complete(job) {
      await db
        .updateTable('jobs')
        .set({ state: 'completed', completed_at: new Date().toISOString() })
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .execute();
    },
    async fail(job, error) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirst();
      if (!row || row.state !== 'active') return;
      const now = Date.now();
      const output = JSON.stringify({ message: error });
      if (row.retry_count < row.retry_limit) {
        // pg-boss's delay: the base, doubled each retry, with up to as much again at random.
        const base = row.retry_backoff
          ? row.retry_delay * 2 ** Math.min(16, row.retry_count)
          : row.retry_delay;
        const delayMs = (row.retry_backoff ? base * (1 + Math.random()) : base) * 1000;
        await db
          .updateTable('jobs')
          .set({ state: 'retry', output, start_after: new Date(now + delayMs).toISOString() })
          .where('id', '=', job.id)
          .execute();
      } else {
        await db
          .updateTable('jobs')
          .set({ state: 'failed', output, completed_at: new Date(now).toISOString() })
          .where('id', '=', job.id)
          .execute();
      }
    },
    async list(filter) {
      let query = db
        .selectFrom('jobs')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit);
      if (filter.state) query = query.where('state', '=', filter.state);
      if (filter.queue) query = query.where('queue', '=', filter.queue);
      return (await query.execute()).map(toRecord);
    },
    async counts(queue) {
      let query = db
        .selectFrom('jobs')
        .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
        .groupBy('state');
      if (queue) query = query.where('queue', '=', queue);
      const rows = await query.execute();
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
      for (const row of rows) counts[row.state as JobState] = Number(row.n);
      return counts;
    },
    async retry(id) {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'retry',
          retry_limit: eb('retry_limit', '+', 1),
          start_after: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async stop() {
      if (cronTimer) clearInterval(cronTimer);
      if (maintenanceTimer) clearInterval(maintenanceTimer);
      cronTimer = maintenanceTimer = null;
      await cronRun;
    },
  };
}

const toRun = (row: Selectable<JobsTable>): JobRun => ({
  id: row.id,
  queue: row.queue,
  data: JSON.parse(row.data) as unknown,
  retryCount: row.retry_count,
  retryLimit: row.retry_limit,
});

const toRecord = (row: Selectable<JobsTable>): JobRecord => ({
  id: row.id,
  queue: row.queue,
  state: row.state as JobState,
  data: JSON.parse(row.data) as unknown,
  retryCount: row.retry_count,
  retryLimit: row.retry_limit,
  createdAt: row.created_at,
  startedAt: row.started_at,
  completedAt: row.completed_at,
  startAfter: row.start_after,
  error: row.output ? ((JSON.parse(row.output) as { message?: string }).message ?? null) : null,
});
