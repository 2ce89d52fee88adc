import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, PaymentsTable } from '../../../db/types';

/** Payments (orders and their statuses, the grant and refund claims) and the webhook events seen. */

type Db = Kysely<DB>;

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

/** The user's order for a prompt that is still waiting for its payment (at most one: 0021's index). */
/** The user's open order for a prompt, for themselves or for their team (its `team_id`). */
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
