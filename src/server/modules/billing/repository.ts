import { type Kysely, sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { DB, PaymentsTable } from '../../db/types';

// Size: Over 400 lines: split with billing/service.ts by job under issue 54; not done yet.

/** All SQL of billing: plans, payments, subscriptions, purchases and the creator earnings ledger. */

type Db = Kysely<DB>;

export const listVisiblePlans = (db: Db) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('is_visible', '=', 1)
    .orderBy('sort_order')
    .orderBy('price_monthly_minor')
    .execute();

export const findActivePlan = (db: Db, idOrSlug: string) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .where('is_active', '=', 1)
    .executeTakeFirst();

/** The plan a trial gives: Premium, or failing that the most popular paid plan. */
export const findTrialPlan = (db: Db) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('price_monthly_minor', '>', 0)
    .orderBy(sql`case when slug = 'premium' then 0 else 1 end`)
    .orderBy('is_popular', 'desc')
    .orderBy('sort_order')
    .executeTakeFirst();

export const findUser = (db: Db, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'trial_used_at'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A premium prompt someone may buy: published, with its author. */
export const findPromptForSale = (db: Db, idOrSlug: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'title', 'author_id', 'type', 'price_minor', 'status'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();

export const findPlanName = (db: Db, id: string) =>
  db.selectFrom('plans').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const findPromptTitle = (db: Db, id: string) =>
  db.selectFrom('prompts').select(['id', 'title', 'author_id']).where('id', '=', id).executeTakeFirst();

/** The subscription that decides the user's plan now: active or trialing, period not over. */
export const findCurrentSubscription = (db: Db, userId: string, now: string) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .selectAll('s')
    .select(['p.name as plan_name', 'p.slug as plan_slug', 'p.price_monthly_minor'])
    .where('s.user_id', '=', userId)
    .where('s.status', 'in', ['active', 'trialing'])
    .where((eb) => eb.or([eb('s.current_period_end', 'is', null), eb('s.current_period_end', '>', now)]))
    .orderBy('s.created_at', 'desc')
    .executeTakeFirst();

export type CurrentSubscriptionRow = NonNullable<Awaited<ReturnType<typeof findCurrentSubscription>>>;

export async function insertSubscription(
  db: Db,
  row: {
    id: string;
    userId: string;
    planId: string;
    status: string;
    billing: string;
    start: string;
    end: string;
    trialEndsAt: string | null;
    paymentId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      id: row.id,
      user_id: row.userId,
      plan_id: row.planId,
      status: row.status,
      billing: row.billing,
      current_period_start: row.start,
      current_period_end: row.end,
      trial_ends_at: row.trialEndsAt,
      canceled_at: null,
      payment_id: row.paymentId,
      created_at: row.start,
      updated_at: row.start,
    })
    .execute();
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: {
    status?: string;
    billing?: string;
    current_period_start?: string;
    current_period_end?: string;
    trial_ends_at?: string | null;
    canceled_at?: string | null;
    payment_id?: string;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** Marks every subscription whose period has ended as expired; the user is back on Free. */
export async function expireEndedSubscriptions(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', updated_at: now })
    .where('status', 'in', ['active', 'trialing'])
    .where('current_period_end', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Uses the one trial of an account; false when it was used already. */
export async function claimTrial(db: Db, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ trial_used_at: now })
    .where('id', '=', userId)
    .where('trial_used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export const findPayment = (db: Db, id: string) =>
  db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

export const findPaymentByOrder = (db: Db, orderId: string) =>
  db.selectFrom('payments').selectAll().where('provider_order_id', '=', orderId).executeTakeFirst();

export const findPaymentByProviderPayment = (db: Db, providerPaymentId: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/**
 * Moves a payment's status forward only (created < failed < authorized < captured < refunded): a late
 * or replayed event never takes a payment back. Returns whether the row changed.
 */
export async function advancePaymentStatus(
  db: Db,
  id: string,
  to: 'failed' | 'authorized' | 'captured',
  changes: { provider_payment_id?: string; failure_reason?: string | null; paid_at?: string },
  now: string,
): Promise<boolean> {
  const earlier = {
    failed: ['created'],
    authorized: ['created', 'failed'],
    captured: ['created', 'failed', 'authorized'],
  }[to];
  const result = await db
    .updateTable('payments')
    .set({ status: to, ...changes, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', earlier)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the right to grant what a payment bought. Exactly one caller (browser verify, webhook or a
 * retry) gets true; the grant runs in the same transaction.
 */
export async function claimGrant(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ granted_at: now, paid_at: sql`coalesce(paid_at, ${now})`, updated_at: now })
    .where('id', '=', id)
    .where('granted_at', 'is', null)
    .where('status', 'in', ['authorized', 'captured'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims a refund so two admins (or a double click) never refund twice. */
export async function claimRefund(db: Db, id: string, marker: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ provider_refund_id: marker, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'captured')
    .where('provider_refund_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseRefundClaim(db: Db, id: string, marker: string, now: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ provider_refund_id: null, updated_at: now })
    .where('id', '=', id)
    .where('provider_refund_id', '=', marker)
    .execute();
}

/** Records a refund; false when the payment was already refunded. */
export async function markRefunded(db: Db, id: string, refundId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'refunded',
      refunded_minor: sql`amount_minor`,
      refunded_at: now,
      provider_refund_id: refundId,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '!=', 'refunded')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Grants a prompt: a new purchase, or a refunded one restored by a new payment. */
export async function upsertPurchase(
  db: Db,
  row: {
    id: string;
    promptId: string;
    buyerId: string;
    paymentId: string;
    amountMinor: number;
    shareMinor: number;
    currency: string;
    now: string;
  },
): Promise<string> {
  await db
    .insertInto('purchases')
    .values({
      id: row.id,
      prompt_id: row.promptId,
      buyer_id: row.buyerId,
      payment_id: row.paymentId,
      amount_minor: row.amountMinor,
      creator_share_minor: row.shareMinor,
      currency: row.currency,
      created_at: row.now,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['prompt_id', 'buyer_id']).doUpdateSet({
        payment_id: row.paymentId,
        amount_minor: row.amountMinor,
        creator_share_minor: row.shareMinor,
        currency: row.currency,
        created_at: row.now,
        revoked_at: null,
      }),
    )
    .execute();
  const stored = await db
    .selectFrom('purchases')
    .select('id')
    .where('prompt_id', '=', row.promptId)
    .where('buyer_id', '=', row.buyerId)
    .executeTakeFirstOrThrow();
  return stored.id;
}

export const findPurchaseByPayment = (db: Db, paymentId: string) =>
  db.selectFrom('purchases').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

export async function revokePurchase(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('purchases').set({ revoked_at: now }).where('id', '=', id).execute();
}

/** The buyer's unrevoked purchase of a prompt, with the payment that bought it. */
export const findLivePurchase = (db: Db, promptId: string, userId: string) =>
  db
    .selectFrom('purchases')
    .select(['id', 'payment_id'])
    .where('prompt_id', '=', promptId)
    .where('buyer_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

/** The user's order for a prompt that is still waiting for its payment (at most one: 0021's index). */
export const findOpenPromptOrder = (db: Db, userId: string, promptId: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('prompt_id', '=', promptId)
    .where('kind', '=', 'prompt')
    .where('status', '=', 'created')
    .executeTakeFirst();

/** Records that a captured payment granted nothing and must be refunded. */
export async function markUngranted(db: Db, id: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ungranted_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Captured payments that granted nothing and whose refund has not been made (or claimed) yet. */
export const listRefundsDue = (db: Db) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'captured')
    .where('ungranted_reason', 'is not', null)
    .where('provider_refund_id', 'is', null)
    .orderBy('updated_at')
    .limit(100)
    .execute();

export const ownsPrompt = async (db: Db, promptId: string, userId: string) =>
  Boolean(
    await db
      .selectFrom('purchases')
      .select('id')
      .where('prompt_id', '=', promptId)
      .where('buyer_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );

/** One line of the creator earnings ledger; a second sale or refund of the same payment is ignored. */
export async function insertEarning(
  db: Db,
  row: {
    id: string;
    creatorId: string;
    promptId: string;
    purchaseId: string;
    paymentId: string;
    kind: 'sale' | 'refund';
    amountMinor: number;
    currency: string;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('creator_earnings')
    .values({
      id: row.id,
      creator_id: row.creatorId,
      prompt_id: row.promptId,
      purchase_id: row.purchaseId,
      payment_id: row.paymentId,
      kind: row.kind,
      amount_minor: row.amountMinor,
      currency: row.currency,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const findSaleEarning = (db: Db, paymentId: string) =>
  db
    .selectFrom('creator_earnings')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'sale')
    .executeTakeFirst();

export const findSubscriptionByPayment = (db: Db, paymentId: string) =>
  db.selectFrom('subscriptions').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

/** Records a webhook event id; false when it was seen before (a retry or a replay). */
export async function recordWebhookEvent(
  db: Db,
  e: { id: string; provider: string; type: string; orderId: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({
      id: e.id,
      provider: e.provider,
      type: e.type,
      provider_order_id: e.orderId,
      received_at: e.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

const paymentWithNames = (db: Db) =>
  db
    .selectFrom('payments as pay')
    .leftJoin('plans as pl', 'pl.id', 'pay.plan_id')
    .leftJoin('prompts as pr', 'pr.id', 'pay.prompt_id')
    .selectAll('pay')
    .select(['pl.name as plan_name', 'pr.title as prompt_title']);

export const listUserPayments = (db: Db, userId: string) =>
  paymentWithNames(db)
    .where('pay.user_id', '=', userId)
    .orderBy('pay.created_at', 'desc')
    .orderBy('pay.id', 'desc')
    .limit(200)
    .execute();

export type PaymentWithNames = Awaited<ReturnType<typeof listUserPayments>>[number];

export const findPaymentWithNames = (db: Db, id: string) =>
  paymentWithNames(db)
    .innerJoin('users as u', 'u.id', 'pay.user_id')
    .select(['u.name as user_name', 'u.email as user_email'])
    .where('pay.id', '=', id)
    .executeTakeFirst();

export async function listAdminPayments(
  db: Db,
  f: { status?: string; search?: string; page: number; limit: number },
) {
  let base = db.selectFrom('payments as pay').innerJoin('users as u', 'u.id', 'pay.user_id');
  if (f.status) base = base.where('pay.status', '=', f.status);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.name) like ${like} escape '\\'`,
        sql<boolean>`lower(u.email) like ${like} escape '\\'`,
        sql<boolean>`lower(pay.provider_order_id) like ${like} escape '\\'`,
      ]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('plans as pl', 'pl.id', 'pay.plan_id')
    .leftJoin('prompts as pr', 'pr.id', 'pay.prompt_id')
    .selectAll('pay')
    .select([
      'pl.name as plan_name',
      'pr.title as prompt_title',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .orderBy('pay.created_at', 'desc')
    .orderBy('pay.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export const listOwnedPrompts = (db: Db, userId: string) =>
  db
    .selectFrom('purchases as pu')
    .innerJoin('prompts as p', 'p.id', 'pu.prompt_id')
    .innerJoin('users as a', 'a.id', 'p.author_id')
    .select([
      'p.id as prompt_id',
      'p.title',
      'p.category',
      'a.name as author_name',
      'pu.amount_minor',
      'pu.currency',
      'pu.created_at',
    ])
    .where('pu.buyer_id', '=', userId)
    .where('pu.revoked_at', 'is', null)
    .orderBy('pu.created_at', 'desc')
    .execute();
