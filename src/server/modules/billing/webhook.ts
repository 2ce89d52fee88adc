import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { hmacHex, signatureMatches } from '../../integrations/payments/signature';
import { AppError, validation } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { nowIso } from '../../lib/time';
import type { BillingDeps } from './deps';
import { afterGrant, grantInTx } from './grants';
import { TransferEntitySchema, applyTransferEvent } from './payout-transfers';
import { applyRefundInTx, refundUngranted } from './refunds';
import * as repo from './repository';

/*
 * Razorpay's webhook. The signature is checked over the raw body; the event id de-duplicates (a
 * retry or a replay changes nothing); statuses only move forward; a paid order is granted even when
 * the browser never verified; a refund made in Razorpay's dashboard ends what the payment granted;
 * a Route transfer that failed or was reversed gives its payout back (payout-transfers.ts).
 */

/** The parts of a Razorpay event that are read; other fields are ignored. */
export const WebhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: z.string().nullish(),
              order_id: z.string().nullish(),
              amount: z.number().nullish(),
              currency: z.string().nullish(),
              error_description: z.string().nullish(),
            })
            .nullish(),
        })
        .nullish(),
      order: z.object({ entity: z.object({ id: z.string().nullish() }).nullish() }).nullish(),
      transfer: z.object({ entity: TransferEntitySchema.nullish() }).nullish(),
      refund: z
        .object({
          entity: z
            .object({
              id: z.string().nullish(),
              payment_id: z.string().nullish(),
              amount: z.number().nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

type WebhookEvent = z.infer<typeof WebhookEventSchema>;
type PaymentEntity = NonNullable<NonNullable<NonNullable<WebhookEvent['payload']>['payment']>['entity']>;
type RefundEntity = NonNullable<NonNullable<NonNullable<WebhookEvent['payload']>['refund']>['entity']>;
export type WebhookOutcome = 'duplicate' | 'ignored' | 'applied';

/** The status a payment event moves its payment to; other events change no payment. */
const STATUS_OF: Partial<Record<string, 'failed' | 'authorized' | 'captured'>> = {
  'payment.failed': 'failed',
  'payment.authorized': 'authorized',
  'payment.captured': 'captured',
  'order.paid': 'captured',
};

function parseEvent(deps: Pick<BillingDeps, 'config'>, rawBody: Buffer, signature: string | undefined) {
  const secret = deps.config.webhookSecret;
  if (!secret) {
    throw new AppError('PAYMENT_ERROR', 'Webhooks are not configured on this site.', { status: 400 });
  }
  if (!signature || !signatureMatches(hmacHex(secret, rawBody), signature)) {
    throw new AppError('AUTHENTICATION_ERROR', 'Invalid webhook signature.', {
      internal: 'webhook signature mismatch',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw validation('The webhook body is not JSON.');
  }
  const event = WebhookEventSchema.safeParse(json);
  if (!event.success) throw validation('The webhook body is not an event.');
  return event.data;
}

/** A refund made at Razorpay (the dashboard, or ours answered late) of a captured payment, in full. */
async function applyRefundEvent(trx: Kysely<DB>, refund: RefundEntity, now: string): Promise<boolean> {
  const payment = refund.payment_id
    ? await repo.findPaymentByProviderPayment(trx, refund.payment_id)
    : undefined;
  if (!payment || payment.status !== 'captured' || refund.amount !== payment.amount_minor) return false;
  return applyRefundInTx(trx, payment, refund.id ?? 'refund', now);
}

/**
 * A payment event of an order: moves the payment's status forward and grants what a paid order
 * bought. Answers whether anything changed, and the payment when this event granted it.
 */
async function applyPaymentEvent(
  deps: BillingDeps,
  trx: Kysely<DB>,
  type: string,
  orderId: string,
  entity: PaymentEntity | null | undefined,
  now: string,
): Promise<{ applied: boolean; granted: repo.PaymentRow | null }> {
  const nothing = { applied: false, granted: null };
  const payment = await repo.findPaymentByOrder(trx, orderId);
  if (!payment) {
    deps.log.warn({ event: type, orderId }, 'webhook for an order we do not know');
    return nothing;
  }
  const status = STATUS_OF[type];
  if (!status) return nothing;
  if (
    status !== 'failed' &&
    entity &&
    (entity.amount !== payment.amount_minor || (entity.currency ?? payment.currency) !== payment.currency)
  ) {
    deps.log.error(
      { paymentId: payment.id, event: type },
      'webhook amount does not match the order: not granted',
    );
    return nothing;
  }
  const providerPaymentId = typeof entity?.id === 'string' ? { provider_payment_id: entity.id } : {};
  const moved = await repo.advancePaymentStatus(
    trx,
    payment.id,
    status,
    status === 'failed'
      ? {
          failure_reason: (entity?.error_description ?? 'Payment failed').slice(0, 500),
          ...providerPaymentId,
        }
      : { ...providerPaymentId, paid_at: now, failure_reason: null },
    now,
  );
  if (moved && status === 'failed') metrics.payment('failed');
  if (status === 'failed') return { applied: moved, granted: null };
  const fresh = await repo.findPayment(trx, payment.id);
  if (fresh && (await grantInTx(deps, trx, fresh, now))) return { applied: true, granted: fresh };
  return { applied: moved, granted: null };
}

/** Handles one webhook call; answers what it did with the event. */
export async function webhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ outcome: WebhookOutcome }> {
  const event = parseEvent(deps, rawBody, signature);
  const eventId =
    eventIdHeader?.slice(0, 200) || `sha256:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
  const paymentEntity = event.payload?.payment?.entity;
  const refundEntity = event.payload?.refund?.entity;
  const orderId = paymentEntity?.order_id ?? event.payload?.order?.entity?.id ?? null;
  const now = nowIso();
  let outcome: WebhookOutcome = 'ignored';
  let granted: repo.PaymentRow | null = null;
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await repo.recordWebhookEvent(trx, {
      id: eventId,
      provider: 'razorpay',
      type: event.event,
      orderId,
      now,
    });
    if (!fresh) {
      outcome = 'duplicate';
      return;
    }
    const transferEntity = event.payload?.transfer?.entity;
    if (event.event.startsWith('transfer.') && transferEntity) {
      if (await applyTransferEvent(deps, trx, event.event, transferEntity, now)) outcome = 'applied';
      return;
    }
    if (event.event.startsWith('refund.') && refundEntity && event.event !== 'refund.failed') {
      if (await applyRefundEvent(trx, refundEntity, now)) outcome = 'applied';
      return;
    }
    if (orderId === null) return;
    const result = await applyPaymentEvent(deps, trx, event.event, orderId, paymentEntity, now);
    if (result.applied) outcome = 'applied';
    granted = result.granted;
  });
  // A transfer event queued the creator's mail in its transaction.
  if ((outcome as WebhookOutcome) === 'applied') deps.mailer.wake();
  const paid = granted as repo.PaymentRow | null;
  if (paid?.ungranted_reason) await refundUngranted(deps, paid);
  else if (paid) await afterGrant(deps, paid);
  return { outcome };
}
