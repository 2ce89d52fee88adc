import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AdminPayment,
  type BillingOverview,
  type BillingPeriod,
  type CheckoutOrder,
  type CreateOrderInput,
  type Grant,
  PAYMENT_MESSAGES,
  type PaymentRecord,
  type PaymentStatus,
  REFUND_WINDOW_DAYS,
  type SubscriptionStatus,
  TRIAL_DAYS,
  type VerifyPaymentInput,
  type VerifyResult,
} from '../../../shared/billing';
import type { PaymentsConfig } from '../../config';
import type { DB } from '../../db/types';
import { GatewayError, type PaymentGateway, type TestGateway } from '../../integrations/payments/gateway';
import { hmacHex, paymentSignature, signatureMatches } from '../../integrations/payments/signature';
import { recordActivity } from '../../lib/activity';
import { recordAudit } from '../../lib/audit';
import { bumpDailyStat, deductDailyRevenue } from '../../lib/daily-stats';
import { AppError, notFound, validation } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { assertPaymentAmount, fromMinor, storedMinor } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/auth';
import type { ModelRegistry } from '../../integrations/ai/providers';
import { modelsByPlan } from '../playground/model-access';
import { toPlan } from './plans';
import * as repo from './repository';

// Size: Over 400 lines: issue 54 splits it by job (checkout, webhook, grants, subscriptions, refunds) with the other modules' restructure; not done yet.

/*
 * Money moves here. The server prices every order from the database; a payment is verified by its
 * HMAC against the order stored for the same user; what it bought is granted in one transaction,
 * exactly once, whether the browser's verify, the webhook or both arrive (payments.granted_at).
 */

export interface BillingDeps {
  db: Kysely<DB>;
  config: PaymentsConfig;
  gateway: PaymentGateway | TestGateway | null;
  log: FastifyBaseLogger;
  /** The configured models, for the models each plan offers (its limits). */
  models: ModelRegistry;
  /** Told after a payment is granted (admin payment alerts); must not throw. */
  onPaid?: (paid: { userEmail: string; description: string; amount: string }) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds whole months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString();
}

const periodEnd = (start: string, billing: BillingPeriod) => addMonths(start, billing === 'annual' ? 12 : 1);

const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(fromMinor(minor));

const asBilling = (v: string | null): BillingPeriod | null =>
  v === 'annual' || v === 'yearly' ? 'annual' : v === 'monthly' ? 'monthly' : null;

function describe(p: repo.PaymentWithNames): string {
  if (p.kind === 'prompt') return `Prompt: ${p.prompt_title ?? 'a removed prompt'}`;
  return `${p.plan_name ?? 'Plan'} plan, billed ${asBilling(p.billing) === 'annual' ? 'annually' : 'monthly'}`;
}

function toRecord(p: repo.PaymentWithNames): PaymentRecord {
  return {
    id: p.id,
    kind: p.kind === 'prompt' ? 'prompt' : 'subscription',
    description: describe(p),
    planId: p.plan_id,
    promptId: p.prompt_id,
    billing: asBilling(p.billing),
    amountMinor: storedMinor(p.amount_minor),
    amount: fromMinor(p.amount_minor),
    currency: p.currency,
    status: p.status as PaymentStatus,
    gateway: p.provider,
    orderId: p.provider_order_id,
    providerPaymentId: p.provider_payment_id,
    refundedMinor: storedMinor(p.refunded_minor),
    createdAt: p.created_at,
    paidAt: p.paid_at,
    refundedAt: p.refunded_at,
  };
}

const refundable = (p: { status: string; paid_at: string | null }, now: number) =>
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

const verificationFailed = (internal: string) =>
  new AppError('PAYMENT_ERROR', PAYMENT_MESSAGES.verificationFailed, { status: 400, internal });

export function createBillingService(deps: BillingDeps) {
  const { db, config, log } = deps;

  function requireGateway() {
    if (!deps.gateway) {
      throw new AppError('PAYMENT_ERROR', 'Payments are not available on this site right now.', {
        status: 503,
        internal: 'no payment gateway configured (production without Razorpay keys)',
      });
    }
    return deps.gateway;
  }

  /** Grants what a payment bought, once; runs inside the caller's transaction. */
  async function grantInTx(trx: Kysely<DB>, payment: repo.PaymentRow, now: string): Promise<boolean> {
    if (!(await repo.claimGrant(trx, payment.id, now))) return false;
    if (payment.kind === 'subscription' && payment.plan_id) {
      const billing = asBilling(payment.billing) ?? 'monthly';
      const current = await repo.findCurrentSubscription(trx, payment.user_id, now);
      if (current && current.plan_id === payment.plan_id && current.status === 'active') {
        // A renewal of the same plan: the new period starts where the paid one ends.
        const from =
          current.current_period_end && current.current_period_end > now ? current.current_period_end : now;
        await repo.updateSubscription(trx, current.id, {
          billing,
          current_period_end: periodEnd(from, billing),
          canceled_at: null,
          payment_id: payment.id,
          updated_at: now,
        });
      } else {
        if (current) {
          // A change of plan (or a trial converted): the old subscription ends now.
          await repo.updateSubscription(trx, current.id, {
            status: 'canceled',
            canceled_at: current.canceled_at ?? now,
            current_period_end: now,
            updated_at: now,
          });
        }
        await repo.insertSubscription(trx, {
          id: newId(),
          userId: payment.user_id,
          planId: payment.plan_id,
          status: 'active',
          billing,
          start: now,
          end: periodEnd(now, billing),
          trialEndsAt: null,
          paymentId: payment.id,
        });
      }
      await recordActivity(trx, {
        type: 'payment.succeeded',
        actorId: payment.user_id,
        subjectId: payment.id,
        data: { kind: 'subscription', planId: payment.plan_id, billing, amountMinor: payment.amount_minor },
      });
    } else if (payment.kind === 'prompt') {
      const prompt = payment.prompt_id ? await repo.findPromptTitle(trx, payment.prompt_id) : undefined;
      const owned = prompt ? await repo.findLivePurchase(trx, prompt.id, payment.user_id) : undefined;
      if (!prompt || (owned && owned.payment_id !== payment.id)) {
        // Nothing to give: the buyer owns the prompt already (two orders both paid, or a replaced
        // order paid late) or it is gone. The payment earns nobody anything; refundUngranted gives
        // the money back through the gateway once this commits (decision 042).
        const reason = prompt ? 'already_owned' : 'unavailable';
        await repo.markUngranted(trx, payment.id, reason, now);
        log.warn({ paymentId: payment.id, reason }, 'a captured payment grants nothing: refunding it');
        return true;
      }
      const share = Math.round(payment.amount_minor * config.creatorShare);
      const purchaseId = await repo.upsertPurchase(trx, {
        id: newId(),
        promptId: prompt.id,
        buyerId: payment.user_id,
        paymentId: payment.id,
        amountMinor: payment.amount_minor,
        shareMinor: share,
        currency: payment.currency,
        now,
      });
      await repo.insertEarning(trx, {
        id: newId(),
        creatorId: prompt.author_id,
        promptId: prompt.id,
        purchaseId,
        paymentId: payment.id,
        kind: 'sale',
        amountMinor: share,
        currency: payment.currency,
        now,
      });
      await bumpDailyStat(trx, prompt.id, 'purchases', share);
      await recordActivity(trx, {
        type: 'prompt.purchased',
        actorId: payment.user_id,
        promptId: prompt.id,
        subjectId: payment.id,
        data: { amountMinor: payment.amount_minor },
      });
    }
    return true;
  }

  async function grantDescription(payment: repo.PaymentRow): Promise<Grant> {
    if (payment.kind === 'prompt') {
      const prompt = payment.prompt_id ? await repo.findPromptTitle(db, payment.prompt_id) : undefined;
      return {
        kind: 'prompt',
        promptId: payment.prompt_id ?? '',
        promptTitle: prompt?.title ?? 'your prompt',
      };
    }
    const plan = payment.plan_id ? await repo.findPlanName(db, payment.plan_id) : undefined;
    const sub = await repo.findCurrentSubscription(db, payment.user_id, nowIso());
    return {
      kind: 'subscription',
      planId: payment.plan_id ?? '',
      planName: plan?.name ?? 'your',
      billing: asBilling(payment.billing) ?? 'monthly',
      periodEnd: sub?.current_period_end ?? nowIso(),
    };
  }

  async function verifyResult(payment: repo.PaymentRow): Promise<VerifyResult> {
    return {
      paymentId: payment.id,
      status: payment.status as PaymentStatus,
      grant: await grantDescription(payment),
      refund: payment.ungranted_reason
        ? {
            reason: payment.ungranted_reason === 'already_owned' ? 'already_owned' : 'unavailable',
            done: payment.status === 'refunded',
          }
        : null,
    };
  }

  function announce(payment: repo.PaymentRow, userEmail: string, description: string) {
    try {
      deps.onPaid?.({ userEmail, description, amount: formatMoney(payment.amount_minor, payment.currency) });
    } catch (err) {
      log.error({ err }, 'payment alert failed');
    }
  }

  /** Ends what a refunded payment granted and reverses the creator's share; inside a transaction. */
  async function applyRefundInTx(trx: Kysely<DB>, payment: repo.PaymentRow, refundId: string, now: string) {
    if (!(await repo.markRefunded(trx, payment.id, refundId, now))) return false;
    metrics.payment('refunded');
    if (payment.granted_at) {
      if (payment.kind === 'subscription') {
        const sub = await repo.findSubscriptionByPayment(trx, payment.id);
        if (sub && (sub.status === 'active' || sub.status === 'trialing')) {
          await repo.updateSubscription(trx, sub.id, {
            status: 'refunded',
            current_period_end: now,
            canceled_at: sub.canceled_at ?? now,
            updated_at: now,
          });
        }
      } else {
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

  /**
   * Gives back, through the gateway, a captured payment that granted nothing (markUngranted). Claimed
   * like an admin's refund, so verify, the webhook and the minute's retry refund it once; a gateway
   * failure leaves it due for the next retry. Returns the payment as it is afterwards.
   */
  async function refundUngranted(payment: repo.PaymentRow): Promise<repo.PaymentRow> {
    const gateway = deps.gateway;
    if (payment.status !== 'captured' || !payment.ungranted_reason) return payment;
    if (!gateway || gateway.kind !== payment.provider) {
      log.error({ paymentId: payment.id }, 'a payment to refund was taken by a gateway not configured now');
      return payment;
    }
    const marker = `pending:${newId()}`;
    if (!(await repo.claimRefund(db, payment.id, marker, nowIso()))) return payment;
    let refundId: string;
    try {
      if (!payment.provider_payment_id) throw new GatewayError('the payment has no gateway payment id', null);
      refundId = (
        await gateway.refund(payment.provider_payment_id, payment.amount_minor, {
          paymentId: payment.id,
          reason: payment.ungranted_reason,
        })
      ).id;
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

  function checkout(
    payment: { id: string; provider_order_id: string; amount_minor: number; provider: string },
    description: string,
    user: { name: string; email: string },
    resumed: boolean,
  ): CheckoutOrder {
    const kind = payment.provider === 'razorpay' ? 'razorpay' : 'test';
    return {
      gateway: kind,
      testMode: kind === 'test',
      keyId: config.keyId,
      orderId: payment.provider_order_id,
      paymentId: payment.id,
      amountMinor: payment.amount_minor,
      amount: fromMinor(payment.amount_minor),
      currency: config.currency,
      name: 'Promptforge',
      description,
      prefill: { name: user.name, email: user.email },
      checkoutScriptUrl: kind === 'razorpay' ? config.checkoutUrl : null,
      resumed,
    };
  }

  async function overview(userId: string): Promise<BillingOverview> {
    const now = nowIso();
    const [user, current] = await Promise.all([
      repo.findUser(db, userId),
      repo.findCurrentSubscription(db, userId, now),
    ]);
    if (!user) throw notFound();
    const free = (await repo.listVisiblePlans(db)).find((p) => p.price_monthly_minor === 0);
    const paid = current !== undefined;
    return {
      plan: current
        ? { id: current.plan_id, name: current.plan_name, slug: current.plan_slug }
        : { id: free?.id ?? null, name: free?.name ?? 'Free', slug: free?.slug ?? null },
      subscription: current
        ? {
            id: current.id,
            planId: current.plan_id,
            planName: current.plan_name,
            billing: asBilling(current.billing) ?? 'monthly',
            status: current.status as SubscriptionStatus,
            periodStart: current.current_period_start,
            periodEnd: current.current_period_end,
            trialEndsAt: current.trial_ends_at,
            canceledAt: current.canceled_at,
          }
        : null,
      trialAvailable: user.trial_used_at === null && !paid && deps.gateway !== null,
      trialDays: TRIAL_DAYS,
      currency: config.currency,
      gateway: config.gateway === 'razorpay' ? 'razorpay' : 'test',
      testMode: config.gateway !== 'razorpay',
    };
  }

  return {
    async plans() {
      const [rows, modelsOf] = await Promise.all([repo.listVisiblePlans(db), modelsByPlan(db, deps.models)]);
      return {
        plans: rows.map((r) => toPlan(r, config.currency, modelsOf(r.id))),
        currency: config.currency,
      };
    },

    overview: (auth: AuthContext) => overview(auth.userId),

    async createOrder(auth: AuthContext, input: CreateOrderInput): Promise<CheckoutOrder> {
      const gateway = requireGateway();
      const user = await repo.findUser(db, auth.userId);
      if (!user) throw notFound();
      const now = nowIso();
      let item: {
        kind: 'subscription' | 'prompt';
        planId: string | null;
        promptId: string | null;
        billing: BillingPeriod | null;
        amountMinor: number;
        description: string;
      };
      if ('planId' in input) {
        const plan = await repo.findActivePlan(db, input.planId);
        if (!plan) throw new AppError('NOT_FOUND_ERROR', PAYMENT_MESSAGES.planNotFound);
        const billing = (input.billing ?? 'monthly') as BillingPeriod;
        const amountMinor = billing === 'annual' ? plan.price_yearly_minor : plan.price_monthly_minor;
        if (plan.price_monthly_minor === 0) throw validation(PAYMENT_MESSAGES.alreadyFree);
        // A paid plan without an annual price is billed monthly only.
        if (amountMinor <= 0) throw validation(PAYMENT_MESSAGES.noAnnualPrice);
        const current = await repo.findCurrentSubscription(db, auth.userId, now);
        if (current && current.plan_id === plan.id && current.status === 'active' && !current.canceled_at) {
          throw validation(`You are already subscribed to the ${plan.name} plan.`);
        }
        item = {
          kind: 'subscription',
          planId: plan.id,
          promptId: null,
          billing,
          amountMinor,
          description: `${plan.name} plan, billed ${billing === 'annual' ? 'annually' : 'monthly'}`,
        };
      } else {
        const prompt = await repo.findPromptForSale(db, input.promptId);
        if (!prompt || prompt.status !== 'published') throw notFound('Prompt not found');
        if (prompt.type !== 'premium' || prompt.price_minor <= 0)
          throw validation('This prompt is free: try it or download it.');
        if (prompt.author_id === auth.userId) throw validation('This is your own prompt.');
        if (await repo.ownsPrompt(db, prompt.id, auth.userId))
          throw validation(PAYMENT_MESSAGES.alreadyOwned);
        const description = `Prompt: ${prompt.title}`;
        // A prompt is bought once: the buyer who closed the checkout gets the same order back.
        const open = await repo.findOpenPromptOrder(db, auth.userId, prompt.id);
        if (open) {
          if (
            open.amount_minor === prompt.price_minor &&
            open.provider === gateway.kind &&
            open.currency === config.currency
          )
            return checkout(open, description, user, true);
          // The price changed since: that order is replaced. Paid late all the same, it is granted
          // or refunded like any other payment.
          await repo.advancePaymentStatus(
            db,
            open.id,
            'failed',
            { failure_reason: 'Replaced by an order at the current price' },
            now,
          );
        }
        item = {
          kind: 'prompt',
          planId: null,
          promptId: prompt.id,
          billing: null,
          amountMinor: prompt.price_minor,
          description,
        };
      }
      assertPaymentAmount(item.amountMinor);
      const paymentId = newId();
      // Razorpay receipts are at most 40 characters and must be unique per order.
      const receipt = `pf_${crypto.randomBytes(12).toString('hex')}`;
      let order;
      try {
        order = await gateway.createOrder({
          amountMinor: item.amountMinor,
          currency: config.currency,
          receipt,
          notes: { paymentId, userId: auth.userId, kind: item.kind },
        });
      } catch (err) {
        log.error({ err, userId: auth.userId }, 'payment gateway refused to create an order');
        throw new AppError('PAYMENT_ERROR', PAYMENT_MESSAGES.createOrderFailed, {
          status: 502,
          internal: err instanceof GatewayError ? err.message : 'order creation failed',
        });
      }
      const row = {
        id: paymentId,
        user_id: auth.userId,
        kind: item.kind,
        plan_id: item.planId,
        prompt_id: item.promptId,
        billing: item.billing,
        amount_minor: item.amountMinor,
        currency: config.currency,
        status: 'created',
        provider: gateway.kind,
        provider_order_id: order.id,
        receipt,
        created_at: now,
        updated_at: now,
      };
      try {
        await repo.insertPayment(db, row);
      } catch (err) {
        // Two orders for one prompt at once: 0021's index keeps one open; both get that one.
        const open = item.promptId ? await repo.findOpenPromptOrder(db, auth.userId, item.promptId) : null;
        if (open) return checkout(open, item.description, user, true);
        throw err;
      }
      metrics.payment('created');
      return checkout(row, item.description, user, false);
    },

    /** The test gateway's checkout dialog: signs a success, or records a failure. */
    async testGatewayPay(auth: AuthContext, input: { orderId: string; outcome: 'succeed' | 'fail' }) {
      const gateway = deps.gateway;
      if (!gateway || gateway.kind !== 'test') throw notFound();
      const payment = await repo.findPaymentByOrder(db, input.orderId);
      if (!payment || payment.user_id !== auth.userId) throw notFound('Order not found');
      if (input.outcome === 'fail') {
        await repo.advancePaymentStatus(
          db,
          payment.id,
          'failed',
          { failure_reason: 'Declined in the test gateway' },
          nowIso(),
        );
        metrics.payment('failed');
        throw new AppError('PAYMENT_ERROR', 'The payment was declined.', { status: 402 });
      }
      return (gateway as TestGateway).pay(payment.provider_order_id);
    },

    async verify(auth: AuthContext, input: VerifyPaymentInput): Promise<VerifyResult> {
      requireGateway();
      const payment = await repo.findPaymentByOrder(db, input.razorpay_order_id);
      // Another user's order reads exactly like an unknown one.
      if (!payment || payment.user_id !== auth.userId)
        throw verificationFailed('unknown order or another user');
      const expected = paymentSignature(
        config.keySecret,
        payment.provider_order_id,
        input.razorpay_payment_id,
      );
      if (!signatureMatches(expected, input.razorpay_signature)) {
        log.warn({ paymentId: payment.id, userId: auth.userId }, 'payment signature mismatch');
        throw verificationFailed('signature mismatch');
      }
      // A payment refunded because it granted nothing answers as it did the first time.
      if (payment.status === 'refunded' && !payment.ungranted_reason)
        throw verificationFailed('payment was refunded');
      if (
        payment.provider_payment_id &&
        payment.provider_payment_id !== input.razorpay_payment_id &&
        payment.granted_at
      ) {
        // The order was already paid by another payment: nothing more to grant.
        return verifyResult(payment);
      }
      const now = nowIso();
      let granted = false;
      await db.transaction().execute(async (trx) => {
        await repo.advancePaymentStatus(
          trx,
          payment.id,
          'captured',
          { provider_payment_id: input.razorpay_payment_id, paid_at: now, failure_reason: null },
          now,
        );
        const fresh = await repo.findPayment(trx, payment.id);
        if (fresh) granted = await grantInTx(trx, fresh, now);
      });
      let fresh = (await repo.findPayment(db, payment.id))!;
      if (fresh.ungranted_reason) {
        fresh = await refundUngranted(fresh);
        return verifyResult(fresh);
      }
      if (granted) metrics.payment('paid');
      const grant = await grantDescription(fresh);
      if (granted)
        announce(
          fresh,
          (await repo.findUser(db, auth.userId))?.email ?? '',
          grant.kind === 'prompt' ? `bought ${grant.promptTitle}` : `subscribed to ${grant.planName}`,
        );
      return { paymentId: fresh.id, status: fresh.status as PaymentStatus, grant, refund: null };
    },

    /**
     * A Razorpay webhook. The signature is checked over the raw body; the event id de-duplicates;
     * statuses only move forward; a paid order is granted even when the browser never verified.
     */
    async webhook(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined) {
      if (!config.webhookSecret) {
        throw new AppError('PAYMENT_ERROR', 'Webhooks are not configured on this site.', { status: 400 });
      }
      if (!signature || !signatureMatches(hmacHex(config.webhookSecret, rawBody), signature)) {
        throw new AppError('AUTHENTICATION_ERROR', 'Invalid webhook signature.', {
          internal: 'webhook signature mismatch',
        });
      }
      let event: WebhookEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
      } catch {
        throw validation('The webhook body is not JSON.');
      }
      if (!event || typeof event !== 'object' || typeof event.event !== 'string')
        throw validation('The webhook body is not an event.');
      const eventId =
        eventIdHeader?.slice(0, 200) || `sha256:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
      const paymentEntity = event.payload?.payment?.entity;
      const refundEntity = event.payload?.refund?.entity;
      const orderId = paymentEntity?.order_id ?? event.payload?.order?.entity?.id ?? null;
      const now = nowIso();
      let outcome: 'duplicate' | 'ignored' | 'applied' = 'ignored';
      let paidPayment: repo.PaymentRow | null = null;
      await db.transaction().execute(async (trx) => {
        if (
          !(await repo.recordWebhookEvent(trx, {
            id: eventId,
            provider: 'razorpay',
            type: event.event,
            orderId: typeof orderId === 'string' ? orderId : null,
            now,
          }))
        ) {
          outcome = 'duplicate';
          return;
        }
        if (event.event.startsWith('refund.') && refundEntity && event.event !== 'refund.failed') {
          const payment =
            typeof refundEntity.payment_id === 'string'
              ? await repo.findPaymentByProviderPayment(trx, refundEntity.payment_id)
              : undefined;
          if (payment && payment.status === 'captured' && refundEntity.amount === payment.amount_minor) {
            if (await applyRefundInTx(trx, payment, String(refundEntity.id ?? 'refund'), now))
              outcome = 'applied';
          }
          return;
        }
        if (typeof orderId !== 'string') return;
        const payment = await repo.findPaymentByOrder(trx, orderId);
        if (!payment) {
          log.warn({ event: event.event, orderId }, 'webhook for an order we do not know');
          return;
        }
        const status =
          event.event === 'payment.failed'
            ? 'failed'
            : event.event === 'payment.authorized'
              ? 'authorized'
              : event.event === 'payment.captured' || event.event === 'order.paid'
                ? 'captured'
                : null;
        if (!status) return;
        if (
          status !== 'failed' &&
          paymentEntity &&
          (paymentEntity.amount !== payment.amount_minor ||
            (paymentEntity.currency ?? payment.currency) !== payment.currency)
        ) {
          log.error(
            { paymentId: payment.id, event: event.event },
            'webhook amount does not match the order: not granted',
          );
          return;
        }
        const providerPaymentId = typeof paymentEntity?.id === 'string' ? paymentEntity.id : undefined;
        const moved = await repo.advancePaymentStatus(
          trx,
          payment.id,
          status,
          status === 'failed'
            ? {
                failure_reason: String(paymentEntity?.error_description ?? 'Payment failed').slice(0, 500),
                ...(providerPaymentId ? { provider_payment_id: providerPaymentId } : {}),
              }
            : {
                ...(providerPaymentId ? { provider_payment_id: providerPaymentId } : {}),
                paid_at: now,
                failure_reason: null,
              },
          now,
        );
        if (moved) outcome = 'applied';
        if (moved && status === 'failed') metrics.payment('failed');
        if (status !== 'failed') {
          const fresh = await repo.findPayment(trx, payment.id);
          if (fresh && (await grantInTx(trx, fresh, now))) {
            outcome = 'applied';
            paidPayment = fresh;
          }
        }
      });
      let paid = paidPayment as repo.PaymentRow | null;
      if (paid?.ungranted_reason) {
        await refundUngranted(paid);
        paid = null;
      }
      if (paid) metrics.payment('paid');
      if (paid) {
        const grant = await grantDescription(paid);
        announce(
          paid,
          (await repo.findUser(db, paid.user_id))?.email ?? '',
          grant.kind === 'prompt' ? `bought ${grant.promptTitle}` : `subscribed to ${grant.planName}`,
        );
      }
      return { outcome };
    },

    async startTrial(auth: AuthContext): Promise<BillingOverview> {
      requireGateway();
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        if (await repo.findCurrentSubscription(trx, auth.userId, now))
          throw validation('You already have an active plan.');
        const plan = await repo.findTrialPlan(trx);
        if (!plan) throw notFound(PAYMENT_MESSAGES.planNotFound);
        if (!(await repo.claimTrial(trx, auth.userId, now)))
          throw validation('You have already used your free trial.');
        const end = new Date(Date.parse(now) + TRIAL_DAYS * DAY_MS).toISOString();
        await repo.insertSubscription(trx, {
          id: newId(),
          userId: auth.userId,
          planId: plan.id,
          status: 'trialing',
          billing: 'monthly',
          start: now,
          end,
          trialEndsAt: end,
          paymentId: null,
        });
        await recordActivity(trx, {
          type: 'subscription.started',
          actorId: auth.userId,
          data: { planId: plan.id, trial: true },
        });
      });
      return overview(auth.userId);
    },

    async cancel(auth: AuthContext): Promise<BillingOverview> {
      const now = nowIso();
      const current = await repo.findCurrentSubscription(db, auth.userId, now);
      if (!current) throw notFound('You have no active subscription to cancel.');
      if (!current.canceled_at) {
        await db.transaction().execute(async (trx) => {
          await repo.updateSubscription(trx, current.id, { canceled_at: now, updated_at: now });
          await recordActivity(trx, {
            type: 'subscription.canceled',
            actorId: auth.userId,
            data: { planId: current.plan_id },
          });
        });
      }
      return overview(auth.userId);
    },

    async resume(auth: AuthContext): Promise<BillingOverview> {
      const now = nowIso();
      const current = await repo.findCurrentSubscription(db, auth.userId, now);
      if (!current) throw notFound('You have no subscription to resume.');
      if (current.canceled_at)
        await repo.updateSubscription(db, current.id, { canceled_at: null, updated_at: now });
      return overview(auth.userId);
    },

    async history(auth: AuthContext) {
      return { payments: (await repo.listUserPayments(db, auth.userId)).map(toRecord) };
    },

    async purchases(auth: AuthContext) {
      const rows = await repo.listOwnedPrompts(db, auth.userId);
      return {
        prompts: rows.map((r) => ({
          promptId: r.prompt_id,
          title: r.title,
          category: r.category,
          authorName: r.author_name,
          amountMinor: storedMinor(r.amount_minor),
          amount: fromMinor(r.amount_minor),
          currency: r.currency,
          purchasedAt: r.created_at,
        })),
      };
    },

    async adminPayments(f: { status?: string; search?: string; page: number; limit: number }) {
      const { rows, total } = await repo.listAdminPayments(db, f);
      const now = Date.now();
      return { payments: rows.map((r) => toAdminPayment(r, now)), total, page: f.page, limit: f.limit };
    },

    /** Refunds a captured payment within the window, through the gateway, once. */
    async refund(
      admin: { id: string; email: string; ip: string | null },
      paymentId: string,
      reason?: string,
    ) {
      const payment = await repo.findPayment(db, paymentId);
      if (!payment) throw notFound('Payment not found');
      const current = async () => toAdminPayment((await repo.findPaymentWithNames(db, paymentId))!);
      if (payment.status === 'refunded') return { payment: await current() };
      if (payment.status !== 'captured') throw validation('Only completed payments can be refunded.');
      if (!refundable(payment, Date.now()))
        throw validation(`Payments can be refunded within ${REFUND_WINDOW_DAYS} days.`);
      const gateway = requireGateway();
      if (payment.provider !== gateway.kind) {
        throw validation(
          `This payment was taken by the ${payment.provider} gateway, which is not configured now.`,
        );
      }
      const marker = `pending:${newId()}`;
      const now = nowIso();
      if (!(await repo.claimRefund(db, payment.id, marker, now))) {
        const again = await repo.findPayment(db, paymentId);
        if (again?.status === 'refunded') return { payment: await current() };
        throw validation('A refund of this payment is already in progress.');
      }
      let refundId: string;
      try {
        if (!payment.provider_payment_id)
          throw new GatewayError('the payment has no gateway payment id', null);
        refundId = (
          await gateway.refund(payment.provider_payment_id, payment.amount_minor, {
            paymentId: payment.id,
            reason: reason ?? '',
          })
        ).id;
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
      await db.transaction().execute(async (trx) => {
        const fresh = (await repo.findPayment(trx, payment.id))!;
        await applyRefundInTx(trx, fresh, refundId, nowIso());
        await recordAudit(trx, {
          actor: admin,
          action: 'payment.refund',
          targetType: 'payment',
          targetId: payment.id,
          before: { status: payment.status },
          after: { status: 'refunded', refundId, reason: reason ?? null },
          ip: admin.ip,
        });
      });
      return { payment: await current() };
    },

    /** Retries the refunds of payments that granted nothing (a gateway failure left them due). */
    async retryRefunds(): Promise<number> {
      let done = 0;
      for (const payment of await repo.listRefundsDue(db)) {
        if ((await refundUngranted(payment)).status === 'refunded') done += 1;
      }
      return done;
    },

    /** Ends subscriptions whose period is over (reads already treat them as ended). */
    expire: () => repo.expireEndedSubscriptions(db, nowIso()),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

interface WebhookEvent {
  event: string;
  payload?: {
    payment?: {
      entity?: {
        id?: unknown;
        order_id?: unknown;
        amount?: unknown;
        currency?: unknown;
        status?: unknown;
        error_description?: unknown;
      };
    };
    order?: { entity?: { id?: unknown } };
    refund?: { entity?: { id?: unknown; payment_id?: unknown; amount?: unknown } };
  };
}
