import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Billing: a payment remembers when it was granted (so verify, the webhook and a retry grant once),
 * its receipt and refund id; webhook events are de-duplicated by the gateway's event id; purchases
 * can be revoked by a refund; creators are paid from an earnings ledger (a sale credits, a refund
 * debits), filled here from the purchases already recorded. Billing periods are 'monthly' and
 * 'annual' everywhere (the seed wrote 'yearly').
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('receipt', 'text').execute();
  await db.schema.alterTable('payments').addColumn('granted_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('provider_refund_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('failure_reason', 'text').execute();
  await db.schema.alterTable('purchases').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('payment_id', 'text').execute();

  await sql`update payments set billing = 'annual' where billing = 'yearly'`.execute(db);
  // The payment states are the gateway's (created, authorized, captured, failed, refunded).
  await sql`update payments set status = 'captured' where status = 'paid'`.execute(db);
  await sql`update subscriptions set billing = 'annual' where billing = 'yearly'`.execute(db);
  // Historic demo payments were granted when they were paid.
  await sql`update payments set granted_at = paid_at where status in ('captured', 'refunded') and paid_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('creator_earnings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('purchase_id', 'text', (c) => c.notNull())
    // One sale and at most one refund per payment.
    .addColumn('payment_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    // Signed: a sale is positive, its refund negative.
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('creator_earnings_once', ['payment_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('creator_earnings_creator_idx')
    .on('creator_earnings')
    .columns(['creator_id', 'created_at'])
    .execute();

  await sql`insert into creator_earnings (id, creator_id, prompt_id, purchase_id, payment_id, kind, amount_minor, currency, created_at)
    select 'ce-' || pu.id, p.author_id, pu.prompt_id, pu.id, pu.payment_id, 'sale', pu.creator_share_minor, pu.currency, pu.created_at
    from purchases pu join prompts p on p.id = pu.prompt_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('creator_earnings').ifExists().execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await sql`update payments set status = 'paid' where status = 'captured'`.execute(db);
  await sql`update subscriptions set billing = 'yearly' where billing = 'annual'`.execute(db);
  await sql`update payments set billing = 'yearly' where billing = 'annual'`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('payment_id').execute();
  await db.schema.alterTable('purchases').dropColumn('revoked_at').execute();
  await db.schema.alterTable('payments').dropColumn('failure_reason').execute();
  await db.schema.alterTable('payments').dropColumn('provider_refund_id').execute();
  await db.schema.alterTable('payments').dropColumn('granted_at').execute();
  await db.schema.alterTable('payments').dropColumn('receipt').execute();
}
