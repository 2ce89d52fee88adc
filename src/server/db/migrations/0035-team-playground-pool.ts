import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * A team's shared playground pool (issue 59, decision 064).
 *
 * - `plans.team_sessions`: playground sessions a month the plan gives a team, shared by its members
 *   once their own allowance is used up (0: none). A limit like the others of decision 052, with its
 *   CHECK in ADD COLUMN on both engines.
 * - `allowance_entries.team_id`: the team whose pool a slot was drawn from (null: the user's own
 *   allowance). A plain id like `session_id`: nothing that happens to the team removes an entry.
 * - `team_pool_months`: a team's pool for one UTC month, `used` of `size` (the pool's size when a
 *   session was last drawn). Its CHECK holds the pool to `0 <= used <= size` whatever the code does:
 *   a draw that would take it past its size fails in the database.
 */

const PLAN_MAX = 100_000_000;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('team_sessions', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql.raw(`team_sessions between 0 and ${PLAN_MAX}`)),
    )
    .execute();
  await db.schema.alterTable('allowance_entries').addColumn('team_id', 'text').execute();
  await db.schema
    .createIndex('allowance_entries_team_idx')
    .on('allowance_entries')
    .columns(['team_id', 'month'])
    .execute();
  await db.schema
    .createTable('team_pool_months')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_pool_months_pk', ['team_id', 'month'])
    .addCheckConstraint('team_pool_months_within', sql`used >= 0 and used <= size`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('team_pool_months').execute();
  await db.schema.dropIndex('allowance_entries_team_idx').execute();
  await db.schema.alterTable('allowance_entries').dropColumn('team_id').execute();
  await db.schema.alterTable('plans').dropColumn('team_sessions').execute();
}
