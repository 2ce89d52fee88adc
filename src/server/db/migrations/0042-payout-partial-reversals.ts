import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Partial reversals that grow (decision 070, amended): `payouts.amount_reversed` is how much of a
 * gateway payout came back to the creator's balance (all of it for a failed transfer, the transfer's
 * `amount_reversed` for a reversal). It only grows, under the creator's payout lock, and the payout's
 * one `reverse` ledger entry follows it, so however many partial reversals and replays arrive the
 * balance gets back what the gateway says, once. The database keeps it between 0 and the payout's
 * amount: a CHECK on PostgreSQL; on SQLite (whose ADD COLUMN cannot be dropped again with a CHECK on
 * it) a trigger does the same. Existing failed and reversed payouts take their reverse entry's amount.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('payouts')
    .addColumn('amount_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update payouts set amount_reversed = coalesce((select e.amount_minor from payout_entries e
    where e.payout_id = payouts.id and e.kind = 'reverse'), 0)`.execute(db);
  if (isSqlite(db)) {
    await sql`create trigger payouts_reversed_valid before update of amount_reversed on payouts
      when new.amount_reversed < 0 or new.amount_reversed > new.amount_minor
      begin select raise(abort, 'payouts_reversed_valid'); end`.execute(db);
    return;
  }
  await sql`alter table payouts add constraint payouts_reversed_valid
    check (amount_reversed between 0 and amount_minor)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) await sql`drop trigger if exists payouts_reversed_valid`.execute(db);
  await db.schema.alterTable('payouts').dropColumn('amount_reversed').execute();
}
