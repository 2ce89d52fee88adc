import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Background jobs on SQLite (decision 047): the in-process runner keeps its queue here, with the
 * states and retry columns of pg-boss (which PostgreSQL uses instead, in its own `pgboss` schema;
 * the table exists there too, unused, so both engines have one schema). A job is `created`, then
 * `active` while a worker has it; a failure makes it `retry` (after `start_after`) until
 * `retry_limit` retries have failed, then `failed`: dead, kept for an admin to retry.
 * `singleton_key` makes a scheduled run unique per queue and time slot, so two processes on one
 * file send it once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (c) => c.notNull())
    .addColumn('retry_delay', 'integer', (c) => c.notNull())
    .addColumn('retry_backoff', 'integer', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('start_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('output', 'text')
    .addCheckConstraint(
      'jobs_state',
      sql`state in ('created', 'retry', 'active', 'completed', 'cancelled', 'failed')`,
    )
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'start_after']).execute();
  await db.schema.createIndex('jobs_created_idx').on('jobs').columns(['created_at']).execute();
  await db.schema
    .createIndex('jobs_singleton_idx')
    .on('jobs')
    .columns(['queue', 'singleton_key'])
    .unique()
    .where(sql.ref('singleton_key'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
