import { type Kysely, sql } from 'kysely';
import type { DB, PayoutsTable } from '../../../db/types';

/** Payouts' SQL: the creator's ledgers read per currency, the requests and their steps. */

type Db = Kysely<DB>;
type PayoutChanges = Partial<
  Omit<PayoutsTable, 'id' | 'creator_id' | 'amount_minor' | 'currency' | 'amount_reversed'>
>;

/**
 * Serializes one creator's payout writes: the upsert takes the creator's payout_accounts row
 * (PostgreSQL locks it until the transaction ends; SQLite takes its one write lock now), so the
 * balance read after it cannot go stale before the request is written.
 */
export async function lockCreator(db: Db, creatorId: string, now: string): Promise<void> {
  await db
    .insertInto('payout_accounts')
    .values({ creator_id: creatorId, razorpay_account_id: null, updated_at: now })
    .onConflict((oc) => oc.column('creator_id').doUpdateSet({ updated_at: sql`payout_accounts.updated_at` }))
    .execute();
}

/**
 * A creator's earnings per currency, split at `cutoff`: a sale, and the refund of that sale, count
 * as settled once the sale was paid at or before it (its refund window closed), as pending until
 * then. The sale's time is its payment's paid_at, the time the refund window is measured from.
 */
export async function earningsByCurrency(db: Db, creatorId: string, cutoff: string) {
  const saleTime = sql<string>`coalesce(pay.paid_at, pu.created_at, e.created_at)`;
  const rows = await db
    .selectFrom('creator_earnings as e')
    .leftJoin('purchases as pu', 'pu.id', 'e.purchase_id')
    .leftJoin('payments as pay', 'pay.id', 'e.payment_id')
    .select([
      'e.currency',
      sql<
        string | number
      >`coalesce(sum(case when ${saleTime} <= ${cutoff} then e.amount_minor else 0 end), 0)`.as('settled'),
      sql<
        string | number
      >`coalesce(sum(case when ${saleTime} > ${cutoff} then e.amount_minor else 0 end), 0)`.as('pending'),
      sql<string | null>`min(case when ${saleTime} > ${cutoff} and e.kind = 'sale' then ${saleTime} end)`.as(
        'oldest_pending',
      ),
    ])
    .where('e.creator_id', '=', creatorId)
    .groupBy('e.currency')
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    settled: Number(r.settled),
    pending: Number(r.pending),
    oldestPending: r.oldest_pending,
  }));
}

/** The payout ledger's sum per currency (reserves less releases and reversals), and what was paid. */
export async function payoutSumsByCurrency(db: Db, creatorId: string) {
  const entries = await db
    .selectFrom('payout_entries')
    .select(['currency', sql<string | number>`coalesce(sum(amount_minor), 0)`.as('total')])
    .where('creator_id', '=', creatorId)
    .groupBy('currency')
    .execute();
  const states = await db
    .selectFrom('payouts')
    .select(['currency', 'status', sql<string | number>`coalesce(sum(amount_minor), 0)`.as('total')])
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['requested', 'processing', 'paid', 'reversed'])
    .groupBy(['currency', 'status'])
    .execute();
  // What reversals gave back: a payout reversed in part stays paid for the rest.
  const reversed = await db
    .selectFrom('payout_entries as e')
    .innerJoin('payouts as p', 'p.id', 'e.payout_id')
    .select(['e.currency', sql<string | number>`coalesce(sum(e.amount_minor), 0)`.as('total')])
    .where('e.creator_id', '=', creatorId)
    .where('e.kind', '=', 'reverse')
    .where('p.status', '=', 'reversed')
    .groupBy('e.currency')
    .execute();
  return {
    entries: entries.map((r) => ({ currency: r.currency, total: Number(r.total) })),
    states: states.map((r) => ({ currency: r.currency, status: r.status, total: Number(r.total) })),
    reversedBack: reversed.map((r) => ({ currency: r.currency, total: Number(r.total) })),
  };
}

export const listThresholds = (db: Db) =>
  db.selectFrom('payout_thresholds').select(['currency', 'threshold_minor']).orderBy('currency').execute();

export async function saveThreshold(
  db: Db,
  currency: string,
  thresholdMinor: number,
  adminId: string,
  now: string,
) {
  await db
    .insertInto('payout_thresholds')
    .values({ currency, threshold_minor: thresholdMinor, updated_at: now, updated_by: adminId })
    .onConflict((oc) =>
      oc
        .column('currency')
        .doUpdateSet({ threshold_minor: thresholdMinor, updated_at: now, updated_by: adminId }),
    )
    .execute();
}

export const findAccount = (db: Db, creatorId: string) =>
  db.selectFrom('payout_accounts').selectAll().where('creator_id', '=', creatorId).executeTakeFirst();

export async function saveAccount(db: Db, creatorId: string, accountId: string | null, now: string) {
  await db
    .insertInto('payout_accounts')
    .values({ creator_id: creatorId, razorpay_account_id: accountId, updated_at: now })
    .onConflict((oc) =>
      oc.column('creator_id').doUpdateSet({ razorpay_account_id: accountId, updated_at: now }),
    )
    .execute();
}

export async function insertPayout(
  db: Db,
  p: { id: string; creatorId: string; amountMinor: number; currency: string; now: string },
) {
  await db
    .insertInto('payouts')
    .values({
      id: p.id,
      creator_id: p.creatorId,
      amount_minor: p.amountMinor,
      currency: p.currency,
      status: 'requested',
      requested_at: p.now,
      updated_at: p.now,
    })
    .execute();
}

/** One step of a payout in its ledger; false when that step is recorded already. */
export async function insertEntry(
  db: Db,
  e: {
    id: string;
    payoutId: string;
    creatorId: string;
    kind: 'reserve' | 'approve' | 'pay' | 'release' | 'reverse';
    amountMinor: number;
    currency: string;
    actorId: string | null;
    note: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('payout_entries')
    .values({
      id: e.id,
      payout_id: e.payoutId,
      creator_id: e.creatorId,
      kind: e.kind,
      amount_minor: e.amountMinor,
      currency: e.currency,
      actor_id: e.actorId,
      note: e.note,
      created_at: e.now,
    })
    .onConflict((oc) => oc.columns(['payout_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const findPayout = (db: Db, id: string) =>
  db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

/**
 * Moves a payout on only from the statuses given and while `claim` is its transfer claim (null: no
 * transfer in progress); false when another request moved it first.
 */
export async function updatePayoutFrom(
  db: Db,
  id: string,
  from: string[],
  claim: string | null,
  changes: PayoutChanges,
) {
  const result = await db
    .updateTable('payouts')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('claim', claim === null ? 'is' : '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims a processing payout for one transfer (`marker` names the job, so its own retry may take it
 * again after a crash); false when another transfer holds it or the payout moved on.
 */
export async function claimTransfer(db: Db, id: string, marker: string, now: string) {
  const result = await db
    .updateTable('payouts')
    .set({ claim: marker, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where((eb) => eb.or([eb('claim', 'is', null), eb('claim', '=', marker)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The method of a processing payout whose transfer nobody holds (an admin's retry); false otherwise. */
export async function setProcessingMethod(db: Db, id: string, method: string, now: string) {
  const result = await db
    .updateTable('payouts')
    .set({ method, note: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claim', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The payout a gateway transfer paid, by its id or by the payout id the transfer's notes carry. */
export async function findTransferPayout(db: Db, transferId: string, payoutId: string | null) {
  const byReference = await db
    .selectFrom('payouts')
    .selectAll()
    .where('reference', '=', transferId)
    .where('method', 'in', ['razorpay', 'test'])
    .executeTakeFirst();
  if (byReference || !payoutId) return byReference;
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', payoutId)
    .where('method', 'in', ['razorpay', 'test'])
    .executeTakeFirst();
}

/**
 * Records what came back of a gateway payout (failed or reversed), from `from` only and only while
 * `was` is still its amount_reversed (the caller holds the creator's lock and read it there); a
 * failure also ends the job's claim. False when another delivery moved it first.
 */
export async function moveReversed(
  db: Db,
  id: string,
  from: string[],
  was: number,
  changes: { status: 'failed' | 'reversed'; reversed: number; reference: string; note: string; now: string },
) {
  const result = await db
    .updateTable('payouts')
    .set({
      status: changes.status,
      amount_reversed: changes.reversed,
      reference: changes.reference,
      note: changes.note,
      ...(changes.status === 'failed' ? { claim: null } : {}),
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where('amount_reversed', '=', was)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The payout's one `reverse` ledger entry, set to `total` (what came back so far): written the first
 * time, raised after a later partial reversal. Called with the payout's amount_reversed moved to the
 * same total in the same transaction, so the ledger gives back exactly that, once.
 */
export async function setReverseEntry(
  db: Db,
  e: {
    id: string;
    payoutId: string;
    creatorId: string;
    total: number;
    currency: string;
    actorId: string | null;
    note: string;
    now: string;
  },
) {
  await db
    .insertInto('payout_entries')
    .values({
      id: e.id,
      payout_id: e.payoutId,
      creator_id: e.creatorId,
      kind: 'reverse',
      amount_minor: e.total,
      currency: e.currency,
      actor_id: e.actorId,
      note: e.note,
      created_at: e.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['payout_id', 'kind'])
        .doUpdateSet({ amount_minor: e.total, actor_id: e.actorId, note: e.note }),
    )
    .execute();
}

/** Holds a paid gateway payout while an admin's reversal is sent; false when another is in hand. */
export async function claimReversal(db: Db, id: string, marker: string, now: string) {
  const result = await db
    .updateTable('payouts')
    .set({ claim: marker, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['paid', 'reversed'])
    .where('claim', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseTransfer(db: Db, id: string, marker: string, note: string | null, now: string) {
  await db
    .updateTable('payouts')
    .set({ claim: null, ...(note === null ? {} : { note }), updated_at: now })
    .where('id', '=', id)
    .where('claim', '=', marker)
    .execute();
}

export const listCreatorPayouts = (db: Db, creatorId: string) =>
  db
    .selectFrom('payouts')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('requested_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();

const adminPayoutQuery = (db: Db) =>
  db
    .selectFrom('payouts as po')
    .innerJoin('users as u', 'u.id', 'po.creator_id')
    .leftJoin('payout_accounts as a', 'a.creator_id', 'po.creator_id')
    .selectAll('po')
    .select(['u.name as creator_name', 'u.email as creator_email', 'a.razorpay_account_id']);

export type AdminPayoutRow = Awaited<ReturnType<ReturnType<typeof adminPayoutQuery>['execute']>>[number];

export async function listAdminPayouts(db: Db, f: { status?: string; page: number; limit: number }) {
  let rows = adminPayoutQuery(db);
  let count = db.selectFrom('payouts').select(sql<string | number>`count(*)`.as('n'));
  if (f.status) {
    rows = rows.where('po.status', '=', f.status);
    count = count.where('status', '=', f.status);
  }
  const [list, total] = await Promise.all([
    rows
      .orderBy('po.requested_at', 'desc')
      .orderBy('po.id')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export const findAdminPayouts = (db: Db, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : adminPayoutQuery(db).where('po.id', 'in', ids).execute();

export const findAdminPayout = (db: Db, id: string) =>
  adminPayoutQuery(db).where('po.id', '=', id).executeTakeFirst();

export const findCreator = (db: Db, id: string) =>
  db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
