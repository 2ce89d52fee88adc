import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Creator payouts (issue 57, decision 056). A payout is a creator's request for part of their
 * available earnings; `payout_entries` is its ledger, one row per step (reserve, approve, pay,
 * release), signed by what the step does to the balance: a request reserves (negative), a rejection
 * releases (positive), approval and payment move nothing. `payout_accounts` holds the creator's
 * Razorpay linked account and is the row a request locks; `payout_thresholds` the admin's least
 * payout per currency. The constraints hold what no write may break, on both engines.
 */
export async function up(db: AnyDb): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // SQLite keeps a REAL in an integer column unless told not to (decision 042).
  const integer = (column: string) => (sqlite ? ` and typeof(${column}) = 'integer'` : '');

  await db.schema
    .createTable('payout_accounts')
    .addColumn('creator_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('razorpay_account_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payout_thresholds')
    .addColumn('currency', 'text', (c) => c.primaryKey())
    .addColumn('threshold_minor', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addCheckConstraint(
      'payout_thresholds_valid',
      sql.raw(`threshold_minor between 100 and 100000000${integer('threshold_minor')}`),
    )
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('reference', 'text')
    .addColumn('account_id', 'text')
    .addColumn('note', 'text')
    .addColumn('claim', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'payouts_amount_valid',
      sql.raw(`amount_minor between 1 and 100000000${integer('amount_minor')}`),
    )
    .addCheckConstraint(
      'payouts_status_valid',
      sql.raw(`status in ('requested', 'approved', 'paid', 'rejected')`),
    )
    .addCheckConstraint(
      'payouts_method_valid',
      sql.raw(`method is null or method in ('razorpay', 'test', 'manual')`),
    )
    .addCheckConstraint(
      'payouts_paid_complete',
      sql.raw(`status <> 'paid' or (paid_at is not null and method is not null and reference is not null)`),
    )
    .execute();
  await db.schema
    .createIndex('payouts_creator_idx')
    .on('payouts')
    .columns(['creator_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('payouts_status_idx')
    .on('payouts')
    .columns(['status', 'requested_at'])
    .execute();

  await db.schema
    .createTable('payout_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payout_id', 'text', (c) => c.notNull().references('payouts.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payout_entries_once', ['payout_id', 'kind'])
    .addCheckConstraint(
      'payout_entries_sign_valid',
      sql.raw(
        `((kind = 'reserve' and amount_minor between -100000000 and -1)
          or (kind = 'release' and amount_minor between 1 and 100000000)
          or (kind in ('approve', 'pay') and amount_minor = 0))${integer('amount_minor')}`,
      ),
    )
    .execute();
  await db.schema
    .createIndex('payout_entries_creator_idx')
    .on('payout_entries')
    .columns(['creator_id', 'currency'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payout_entries').ifExists().execute();
  await db.schema.dropTable('payouts').ifExists().execute();
  await db.schema.dropTable('payout_thresholds').ifExists().execute();
  await db.schema.dropTable('payout_accounts').ifExists().execute();
}
