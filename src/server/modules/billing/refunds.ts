import type { Kysely } from 'kysely';
import { type AdminPayment, REFUND_WINDOW_DAYS } from '../../../shared/billing';
import type { DB } from '../../db/types';
import { GatewayError, type PaymentGateway, type TestGateway } from '../../integrations/payments/gateway';
import { recordActivity } from '../../lib/activity';
import { recordAudit } from '../../lib/audit';
import { deductDailyRevenue } from '../../lib/daily-stats';
import { AppError, notFound, validation } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { newId, nowIso } from '../../lib/time';
import { type BillingDeps, DAY_MS, requireGateway } from './deps';
import { toRecord } from './records';
import * as repo from './repository';

/*
 * Refunds, always through the gateway and once: an admin's refund of a captured payment within the
 * window, and the refund of a payment that granted nothing (grants.ts marks it). A refund is claimed
 * on the row first (payments.provider_refund_id), so two admins, a double click, verify, the webhook
 * and the minute's retry refund once; a gateway failure releases the claim.
 */

export const refundable = (p: { status: string; paid_at: string | null }, now: number) =>
  p.status === 'captured' && p.paid_at !== null && now - Date.parse(p.paid_at) <= REFUND_WINDOW_DAYS * DAY_MS;

function toAdminPayment(
  p: repo.PaymentWithNames & { user_name: string; user_email: string },
  now = Date.now(),
): AdminPayment {
  return {
    ...toRecord(p),
    user: { id: p.user_id, name: p.user_name, email: p.user_email },
    refundable: refundable(p, now) && p.provider_refund_id === null,
  };
}

/** Payments in the admin panel, newest first, with the payer. */
export async function adminPayments(
  deps: Pick<BillingDeps, 'db'>,
  f: { status?: string; search?: string; page: number; limit: number },
) {
  const { rows, total } = await repo.listAdminPayments(deps.db, f);
  const now = Date.now();
  return { payments: rows.map((r) => toAdminPayment(r, now)), total, page: f.page, limit: f.limit };
}

/** Ends what a refunded payment granted and reverses the creator's share; inside a transaction. */
export async function applyRefundInTx(
  trx: Kysely<DB>,
  payment: repo.PaymentRow,
  refundId: string,
  now: string,
) {
  if (!(await repo.markRefunded(trx, payment.id, refundId, now))) return false;
  metrics.payment('refunded');
  if (payment.granted_at) {
    if (payment.kind === 'subscription') await endRefundedSubscription(trx, payment, now);
    else await revokeRefundedPurchase(trx, payment, now);
  }
  await recordActivity(trx, {
    type: 'payment.refunded',
    actorId: payment.user_id,
    promptId: payment.kind === 'prompt' ? payment.prompt_id : null,
    subjectId: payment.id,
    data: { amountMinor: payment.amount_minor },
  });
  return true;
}

async function endRefundedSubscription(trx: Kysely<DB>, payment: repo.PaymentRow, now: string) {
  const sub = await repo.findSubscriptionByPayment(trx, payment.id);
  if (sub && (sub.status === 'active' || sub.status === 'trialing')) {
    await repo.updateSubscription(trx, sub.id, {
      status: 'refunded',
      current_period_end: now,
      canceled_at: sub.canceled_at ?? now,
      updated_at: now,
    });
  }
}

async function revokeRefundedPurchase(trx: Kysely<DB>, payment: repo.PaymentRow, now: string) {
  const purchase = await repo.findPurchaseByPayment(trx, payment.id);
  const sale = await repo.findSaleEarning(trx, payment.id);
  if (purchase) await repo.revokePurchase(trx, purchase.id, now);
  if (sale && purchase && sale.prompt_id) {
    const reversed = await repo.insertEarning(trx, {
      id: newId(),
      creatorId: sale.creator_id,
      promptId: sale.prompt_id,
      purchaseId: purchase.id,
      paymentId: payment.id,
      kind: 'refund',
      amountMinor: -sale.amount_minor,
      currency: sale.currency,
      now,
    });
    if (reversed) await deductDailyRevenue(trx, sale.prompt_id, sale.amount_minor);
  }
}

/** Asks the gateway to refund a claimed payment in full; its refund id. */
async function gatewayRefund(
  gateway: PaymentGateway | TestGateway,
  payment: repo.PaymentRow,
  reason: string,
) {
  if (!payment.provider_payment_id) throw new GatewayError('the payment has no gateway payment id', null);
  const refund = await gateway.refund(payment.provider_payment_id, payment.amount_minor, {
    paymentId: payment.id,
    reason,
  });
  return refund.id;
}

/**
 * Gives back, through the gateway, a captured payment that granted nothing (markUngranted). Claimed
 * like an admin's refund, so verify, the webhook and the minute's retry refund it once; a gateway
 * failure leaves it due for the next retry. Returns the payment as it is afterwards.
 */
export async function refundUngranted(deps: BillingDeps, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  const { db, gateway, log } = deps;
  if (payment.status !== 'captured' || !payment.ungranted_reason) return payment;
  if (!gateway || gateway.kind !== payment.provider) {
    log.error({ paymentId: payment.id }, 'a payment to refund was taken by a gateway not configured now');
    return payment;
  }
  const marker = `pending:${newId()}`;
  if (!(await repo.claimRefund(db, payment.id, marker, nowIso()))) return payment;
  let refundId: string;
  try {
    refundId = await gatewayRefund(gateway, payment, payment.ungranted_reason);
  } catch (err) {
    await repo.releaseRefundClaim(db, payment.id, marker, nowIso());
    log.error({ err, paymentId: payment.id }, 'refund of a payment that granted nothing failed; retried');
    return payment;
  }
  await db.transaction().execute(async (trx) => {
    const fresh = (await repo.findPayment(trx, payment.id))!;
    await applyRefundInTx(trx, fresh, refundId, nowIso());
  });
  return (await repo.findPayment(db, payment.id))!;
}

/** Retries the refunds of payments that granted nothing (a gateway failure left them due). */
export async function retryRefunds(deps: BillingDeps): Promise<number> {
  let done = 0;
  for (const payment of await repo.listRefundsDue(deps.db)) {
    if ((await refundUngranted(deps, payment)).status === 'refunded') done += 1;
  }
  return done;
}

/** An admin's refund of a captured payment within the window, through the gateway, once. */
export async function refund(
  deps: BillingDeps,
  admin: { id: string; ip: string | null },
  paymentId: string,
  reason?: string,
) {
  const { db, log } = deps;
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) throw notFound('Payment not found');
  const current = async () => ({
    payment: toAdminPayment((await repo.findPaymentWithNames(db, paymentId))!),
  });
  if (payment.status === 'refunded') return current();
  if (payment.status !== 'captured') throw validation('Only completed payments can be refunded.');
  if (!refundable(payment, Date.now()))
    throw validation(`Payments can be refunded within ${REFUND_WINDOW_DAYS} days.`);
  const gateway = requireGateway(deps);
  if (payment.provider !== gateway.kind) {
    throw validation(
      `This payment was taken by the ${payment.provider} gateway, which is not configured now.`,
    );
  }
  const marker = `pending:${newId()}`;
  if (!(await repo.claimRefund(db, payment.id, marker, nowIso()))) {
    const again = await repo.findPayment(db, paymentId);
    if (again?.status === 'refunded') return current();
    throw validation('A refund of this payment is already in progress.');
  }
  let refundId: string;
  try {
    refundId = await gatewayRefund(gateway, payment, reason ?? '');
  } catch (err) {
    await repo.releaseRefundClaim(db, payment.id, marker, nowIso());
    log.error({ err, paymentId: payment.id }, 'gateway refund failed');
    throw new AppError(
      'PAYMENT_ERROR',
      'The payment gateway could not refund this payment. Please try again.',
      {
        status: 502,
        internal: err instanceof Error ? err.message : 'refund failed',
      },
    );
  }
  const email = (await repo.findUser(db, admin.id))?.email ?? 'unknown';
  await db.transaction().execute(async (trx) => {
    const fresh = (await repo.findPayment(trx, payment.id))!;
    await applyRefundInTx(trx, fresh, refundId, nowIso());
    await recordAudit(trx, {
      actor: { id: admin.id, email },
      action: 'payment.refund',
      targetType: 'payment',
      targetId: payment.id,
      before: { status: payment.status },
      after: { status: 'refunded', refundId, reason: reason ?? null },
      ip: admin.ip,
    });
  });
  return current();
}
