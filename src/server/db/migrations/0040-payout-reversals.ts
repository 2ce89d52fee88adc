import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Payouts paid by a job and transfers that come back (issues 57 and 58, decision 070).
 *
 * - `payouts.status` gains `processing` (approved for the gateway, its transfer job not yet done; it
 *   replaces `approved`, whose rows move to it), `failed` (the gateway reported the transfer failed)
 *   and `reversed` (the transfer was reversed after it was made). A reversed payout keeps what a paid
 *   one must have (method, reference, paid_at).
 * - `payout_entries.kind` gains `reverse`: the amount a failed or reversed transfer gives back to the
 *   creator's balance (positive). The unique `(payout_id, kind)` keeps it once per payout, however
 *   often the gateway's webhook is delivered.
 * - `payouts_transfer_once`: one payout per gateway transfer id, so a transfer event finds one payout.
 *
 * PostgreSQL swaps the constraints. SQLite cannot change a CHECK, so it rebuilds both tables as 0034
 * does (SQLite's ALTER TABLE recipe, foreign keys off, in one transaction).
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const NEW_STATUSES = "'requested', 'processing', 'paid', 'rejected', 'failed', 'reversed'";
const OLD_STATUSES = "'requested', 'approved', 'paid', 'rejected'";
const NEW_PAID = `status not in ('paid', 'reversed') or (paid_at is not null and method is not null and reference is not null)`;
const OLD_PAID = `status <> 'paid' or (paid_at is not null and method is not null and reference is not null)`;
const NEW_SIGN = `(kind = 'reserve' and amount_minor between -100000000 and -1)
  or (kind in ('release', 'reverse') and amount_minor between 1 and 100000000)
  or (kind in ('approve', 'pay') and amount_minor = 0)`;
const OLD_SIGN = `(kind = 'reserve' and amount_minor between -100000000 and -1)
  or (kind = 'release' and amount_minor between 1 and 100000000)
  or (kind in ('approve', 'pay') and amount_minor = 0)`;
const TRANSFER_ONCE = `create unique index payouts_transfer_once on payouts (reference) where method in ('razorpay', 'test')`;

const payoutsTable = (statuses: string, paid: string) => `create table payouts__0040 (
  id text primary key,
  creator_id text not null references users (id) on delete cascade,
  amount_minor integer not null,
  currency text not null,
  status text not null,
  method text,
  reference text,
  account_id text,
  note text,
  claim text,
  requested_at text not null,
  decided_at text,
  decided_by text,
  paid_at text,
  updated_at text not null,
  constraint payouts_amount_valid check (amount_minor between 1 and 100000000 and typeof(amount_minor) = 'integer'),
  constraint payouts_status_valid check (status in (${statuses})),
  constraint payouts_method_valid check (method is null or method in ('razorpay', 'test', 'manual')),
  constraint payouts_paid_complete check (${paid}))`;

const entriesTable = (sign: string) => `create table payout_entries__0040 (
  id text primary key,
  payout_id text not null references payouts (id) on delete cascade,
  creator_id text not null references users (id) on delete cascade,
  kind text not null,
  amount_minor integer not null,
  currency text not null,
  actor_id text,
  note text,
  created_at text not null,
  constraint payout_entries_once unique (payout_id, kind),
  constraint payout_entries_sign_valid check ((${sign}) and typeof(amount_minor) = 'integer'))`;

const PAYOUT_COLUMNS =
  'id, creator_id, amount_minor, currency, status, method, reference, account_id, note, claim, requested_at, decided_at, decided_by, paid_at, updated_at';
const ENTRY_COLUMNS = 'id, payout_id, creator_id, kind, amount_minor, currency, actor_id, note, created_at';

/** Rebuilds both tables; `status` is the expression the copied rows' status is read from. */
async function sqliteRebuild(db: AnyDb, payouts: string, entries: string, status: string, indexes: string[]) {
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      for (const [table, create, columns, selected] of [
        ['payouts', payouts, PAYOUT_COLUMNS, PAYOUT_COLUMNS.replace(' status,', ` ${status},`)],
        ['payout_entries', entries, ENTRY_COLUMNS, ENTRY_COLUMNS],
      ] as const) {
        await sql.raw(create).execute(db);
        await sql.raw(`insert into ${table}__0040 (${columns}) select ${selected} from ${table}`).execute(db);
        await sql.raw(`drop table ${table}`).execute(db);
        await sql.raw(`alter table ${table}__0040 rename to ${table}`).execute(db);
      }
      for (const index of [
        'create index payouts_creator_idx on payouts (creator_id, requested_at)',
        'create index payouts_status_idx on payouts (status, requested_at)',
        'create index payout_entries_creator_idx on payout_entries (creator_id, currency)',
        ...indexes,
      ]) {
        await sql.raw(index).execute(db);
      }
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('migration 0040: foreign keys broken by the rebuild');
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

/** PostgreSQL: the status CHECK is dropped by the caller (before its rows move); the rest swapped here. */
async function swapChecks(db: AnyDb, statuses: string, paid: string, sign: string) {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('alter table payouts drop constraint payouts_paid_complete');
  await run(`alter table payouts add constraint payouts_status_valid check (status in (${statuses}))`);
  await run(`alter table payouts add constraint payouts_paid_complete check (${paid})`);
  await run('alter table payout_entries drop constraint payout_entries_sign_valid');
  await run(`alter table payout_entries add constraint payout_entries_sign_valid check (${sign})`);
}

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sqliteRebuild(
      db,
      payoutsTable(NEW_STATUSES, NEW_PAID),
      entriesTable(NEW_SIGN),
      `case status when 'approved' then 'processing' else status end`,
      [TRANSFER_ONCE],
    );
    return;
  }
  await sql.raw('alter table payouts drop constraint payouts_status_valid').execute(db);
  await sql`update payouts set status = 'processing' where status = 'approved'`.execute(db);
  await swapChecks(db, NEW_STATUSES, NEW_PAID, NEW_SIGN);
  await sql.raw(TRANSFER_ONCE).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // What gave money back becomes a rejection with its release: the balance stays the same.
  await sql`update payout_entries set kind = 'release' where kind = 'reverse'`.execute(db);
  await sql`drop index if exists payouts_transfer_once`.execute(db);
  if (isSqlite(db)) {
    await sqliteRebuild(
      db,
      payoutsTable(OLD_STATUSES, OLD_PAID),
      entriesTable(OLD_SIGN),
      `case status when 'processing' then 'approved' when 'failed' then 'rejected' when 'reversed' then 'rejected' else status end`,
      [],
    );
    return;
  }
  await sql.raw('alter table payouts drop constraint payouts_status_valid').execute(db);
  await sql`update payouts set status = 'approved' where status = 'processing'`.execute(db);
  await sql`update payouts set status = 'rejected' where status in ('failed', 'reversed')`.execute(db);
  await swapChecks(db, OLD_STATUSES, OLD_PAID, OLD_SIGN);
}
