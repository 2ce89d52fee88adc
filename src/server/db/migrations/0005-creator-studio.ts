import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The creator studio: earlier versions of published prompts, and daily aggregates per prompt so
 * analytics over any period read a few hundred rows, not years of raw events. The aggregates are
 * filled from what the database already holds (views by day, likes, downloads, tries, purchases).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prompt_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('prompt_versions_number', ['prompt_id', 'version'])
    .execute();

  await db.schema
    .createTable('prompt_daily_stats')
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchases', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('prompt_daily_stats_pk', ['prompt_id', 'day'])
    .execute();
  await db.schema
    .createIndex('prompt_daily_stats_day_idx')
    .on('prompt_daily_stats')
    .columns(['day', 'prompt_id'])
    .execute();

  const upsert = (column: string, select: ReturnType<typeof sql>) =>
    sql`insert into prompt_daily_stats (prompt_id, day, ${sql.ref(column)}) ${select}
        on conflict (prompt_id, day) do update set ${sql.ref(column)} = excluded.${sql.ref(column)}`.execute(
      db,
    );
  await upsert('views', sql`select prompt_id, day, count(*) from prompt_views group by prompt_id, day`);
  await upsert(
    'likes',
    sql`select prompt_id, substr(created_at, 1, 10), count(*) from prompt_likes group by prompt_id, substr(created_at, 1, 10)`,
  );
  await upsert(
    'downloads',
    sql`select prompt_id, substr(created_at, 1, 10), count(*) from prompt_downloads group by prompt_id, substr(created_at, 1, 10)`,
  );
  await upsert(
    'tries',
    sql`select prompt_id, substr(created_at, 1, 10), count(*) from activity_events where type = 'prompt.tried' and prompt_id is not null group by prompt_id, substr(created_at, 1, 10)`,
  );
  await upsert(
    'purchases',
    sql`select prompt_id, substr(created_at, 1, 10), count(*) from purchases group by prompt_id, substr(created_at, 1, 10)`,
  );
  await upsert(
    'revenue_minor',
    sql`select prompt_id, substr(created_at, 1, 10), sum(creator_share_minor) from purchases group by prompt_id, substr(created_at, 1, 10)`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('prompt_daily_stats').ifExists().execute();
  await db.schema.dropTable('prompt_versions').ifExists().execute();
}
