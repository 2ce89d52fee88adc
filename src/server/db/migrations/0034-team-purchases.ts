import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Prompts bought for a team (issue 59, decision 063).
 *
 * - `purchases` belongs to a user (`buyer_id`) or to a team (`team_id`), never both and never
 *   neither (`purchases_one_holder`); a team buys a prompt once (`purchases_once_per_team`, as
 *   `purchases_once_per_buyer` for a user). Deleting the team deletes its purchases (the owner
 *   confirmed it); the payment and the creator's earning stay. `payment_id` is set to null when the
 *   payment goes with its payer's account, so a team keeps what a member who left the site paid for.
 * - `payments.team_id`: the team an order buys for; a plain id, not a foreign key, so the record of
 *   the money outlives the team (a team deleted before the payment arrives refunds it).
 *
 * PostgreSQL alters the table. SQLite cannot drop a NOT NULL or change a foreign key, so it rebuilds
 * `purchases` as SQLite's ALTER TABLE documentation describes (as 0021 does), foreign keys off.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const MONEY_CHECKS = `constraint purchases_amount_valid check (amount_minor between 1 and 100000000),
  constraint purchases_share_valid check (creator_share_minor between 0 and amount_minor),
  constraint purchases_amount_minor_integer check (typeof(amount_minor) = 'integer'),
  constraint purchases_creator_share_minor_integer check (typeof(creator_share_minor) = 'integer')`;

const COLUMNS =
  'id, prompt_id, buyer_id, payment_id, amount_minor, creator_share_minor, currency, created_at, revoked_at';

const SQLITE_UP = `create table purchases__0034 (
  id text primary key,
  prompt_id text not null references prompts (id) on delete cascade,
  buyer_id text references users (id) on delete cascade,
  team_id text references teams (id) on delete cascade,
  payment_id text references payments (id) on delete set null,
  amount_minor integer not null,
  creator_share_minor integer not null,
  currency text not null,
  created_at text not null,
  revoked_at text,
  constraint purchases_once_per_buyer unique (prompt_id, buyer_id),
  constraint purchases_once_per_team unique (prompt_id, team_id),
  constraint purchases_one_holder check ((buyer_id is null) <> (team_id is null)),
  ${MONEY_CHECKS})`;

const SQLITE_DOWN = `create table purchases__0034 (
  id text primary key,
  prompt_id text not null references prompts (id) on delete cascade,
  buyer_id text not null references users (id) on delete cascade,
  payment_id text references payments (id),
  amount_minor integer not null,
  creator_share_minor integer not null,
  currency text not null,
  created_at text not null,
  revoked_at text,
  constraint purchases_once_per_buyer unique (prompt_id, buyer_id),
  ${MONEY_CHECKS})`;

const INDEXES = [
  'create index purchases_buyer_idx on purchases (buyer_id)',
  'create unique index purchases_payment_once on purchases (payment_id)',
];

/** Rebuilds purchases from `create`, copying COLUMNS, in one transaction with foreign keys off. */
async function sqliteRebuild(db: AnyDb, create: string, extraIndexes: string[]): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(create).execute(db);
      await sql.raw(`insert into purchases__0034 (${COLUMNS}) select ${COLUMNS} from purchases`).execute(db);
      await sql`drop table purchases`.execute(db);
      await sql`alter table purchases__0034 rename to purchases`.execute(db);
      for (const index of [...INDEXES, ...extraIndexes]) await sql.raw(index).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('migration 0034: foreign keys broken by the rebuild');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

const TEAM_INDEX = 'create index purchases_team_idx on purchases (team_id)';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('team_id', 'text').execute();
  if (isSqlite(db)) {
    await sqliteRebuild(db, SQLITE_UP, [TEAM_INDEX]);
    return;
  }
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('alter table purchases alter column buyer_id drop not null');
  await run('alter table purchases add column team_id text references teams (id) on delete cascade');
  await run(
    'alter table purchases add constraint purchases_one_holder check ((buyer_id is null) <> (team_id is null))',
  );
  await run('alter table purchases add constraint purchases_once_per_team unique (prompt_id, team_id)');
  await run('alter table purchases drop constraint purchases_payment_id_fkey');
  await run(
    'alter table purchases add constraint purchases_payment_id_fkey foreign key (payment_id) references payments (id) on delete set null',
  );
  await run(TEAM_INDEX);
}

export async function down(db: AnyDb): Promise<void> {
  // A team's purchases have no buyer to go back to.
  await sql`delete from purchases where team_id is not null`.execute(db);
  if (isSqlite(db)) {
    await sqliteRebuild(db, SQLITE_DOWN, []);
  } else {
    const run = (statement: string) => sql.raw(statement).execute(db);
    await run('drop index if exists purchases_team_idx');
    await run('alter table purchases drop constraint purchases_payment_id_fkey');
    await run(
      'alter table purchases add constraint purchases_payment_id_fkey foreign key (payment_id) references payments (id)',
    );
    await run('alter table purchases drop constraint purchases_once_per_team');
    await run('alter table purchases drop constraint purchases_one_holder');
    await run('alter table purchases drop column team_id');
    await run('alter table purchases alter column buyer_id set not null');
  }
  await db.schema.alterTable('payments').dropColumn('team_id').execute();
}
