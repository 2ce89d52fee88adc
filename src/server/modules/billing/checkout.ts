import { type LicenceInfo, licenceInfo } from '../../../shared/licences';
import crypto from 'node:crypto';
import {
  type BillingPeriod,
  type CheckoutOrder,
  type CreateOrderInput,
  PAYMENT_MESSAGES,
  type PaymentStatus,
  type VerifyPaymentInput,
  type VerifyResult,
} from '../../../shared/billing';
import { GatewayError, type PaymentGateway, type TestGateway } from '../../integrations/payments/gateway';
import { paymentSignature, signatureMatches } from '../../integrations/payments/signature';
import { AppError, notFound, validation } from '../../lib/errors';
import { metrics } from '../../lib/metrics';
import { assertPaymentAmount, fromMinor } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import { type BillingDeps, requireGateway, verificationFailed } from './deps';
import { afterGrant, grantDescription, grantInTx, verifyResult } from './grants';
import { modelsByPlan } from '../playground/model-access';
import { ownedThrough } from '../prompt-access/service';
import { teamBuyer } from '../teams/service';
import { toPlan } from './plans';
import { refundUngranted } from './refunds';
import * as repo from './repository';

/*
 * Checkout: the plans on sale, an order priced by the server from the database (an amount sent by
 * the client is never read), the test gateway's dialog, and the browser's verify of Razorpay's
 * signed answer against the order stored for the same user.
 */

type User = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type Gateway = PaymentGateway | TestGateway;

/** What is being bought, priced from the database. */
interface Item {
  kind: 'subscription' | 'prompt';
  planId: string | null;
  promptId: string | null;
  billing: BillingPeriod | null;
  amountMinor: number;
  description: string;
  /** The prompt's licence (decision 058); null for a plan. */
  licence: LicenceInfo | null;
  /** The team a prompt is bought for (decision 063), or null. */
  teamId: string | null;
}

type OrderRow = { id: string; provider_order_id: string; amount_minor: number; provider: string };

export async function plans(deps: Pick<BillingDeps, 'db' | 'config' | 'models'>) {
  const [rows, modelsOf] = await Promise.all([
    repo.listVisiblePlans(deps.db),
    modelsByPlan(deps.db, deps.models),
  ]);
  return {
    plans: rows.map((r) => toPlan(r, deps.config.currency, modelsOf(r.id))),
    currency: deps.config.currency,
  };
}

/** The checkout dialog's order: what Razorpay Checkout (or the test gateway's dialog) opens with. */
function checkoutOrder(
  deps: Pick<BillingDeps, 'config'>,
  payment: OrderRow,
  { description, licence }: Pick<Item, 'description' | 'licence'>,
  user: User,
  resumed: boolean,
): CheckoutOrder {
  const { config } = deps;
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
    licence,
    prefill: { name: user.name, email: user.email },
    checkoutScriptUrl: kind === 'razorpay' ? config.checkoutUrl : null,
    resumed,
  };
}

/** A plan's period, priced from the plan; the plan the user is on already is refused. */
async function planItem(
  deps: BillingDeps,
  userId: string,
  planId: string,
  billing: BillingPeriod,
  now: string,
): Promise<Item> {
  const plan = await repo.findActivePlan(deps.db, planId);
  if (!plan) throw new AppError('NOT_FOUND_ERROR', PAYMENT_MESSAGES.planNotFound);
  const amountMinor = billing === 'annual' ? plan.price_yearly_minor : plan.price_monthly_minor;
  if (plan.price_monthly_minor === 0) throw validation(PAYMENT_MESSAGES.alreadyFree);
  // A paid plan without an annual price is billed monthly only.
  if (amountMinor <= 0) throw validation(PAYMENT_MESSAGES.noAnnualPrice);
  const current = await repo.findCurrentSubscription(deps.db, userId, now);
  if (current && current.plan_id === plan.id && current.status === 'active' && !current.canceled_at) {
    throw validation(`You are already subscribed to the ${plan.name} plan.`);
  }
  return {
    kind: 'subscription',
    planId: plan.id,
    promptId: null,
    billing,
    amountMinor,
    description: `${plan.name} plan, billed ${billing === 'annual' ? 'annually' : 'monthly'}`,
    licence: null,
    teamId: null,
  };
}

/**
 * Who a prompt is bought for: the buyer, refused when they own it through their own purchase or
 * their team's (prompt-access decides, decision 063); or the buyer's team, by its owners and admins
 * (teams decides), refused when the team owns it.
 */
async function promptHolder(db: BillingDeps['db'], userId: string, promptId: string, forTeam: boolean) {
  if (!forTeam) {
    const owned = await ownedThrough(db, promptId, userId);
    if (owned)
      throw validation(owned === 'team' ? PAYMENT_MESSAGES.ownedByTeam : PAYMENT_MESSAGES.alreadyOwned);
    return null;
  }
  const team = await teamBuyer(db, userId);
  if (await repo.findLiveTeamPurchase(db, promptId, team.teamId)) throw validation(PAYMENT_MESSAGES.teamOwns);
  return team;
}

/**
 * A premium prompt, priced from the prompt, for the buyer or their team; or the buyer's open order
 * for it, handed back (a prompt is bought once, decision 042).
 */
async function promptItem(
  deps: BillingDeps,
  gateway: Gateway,
  user: User,
  input: { promptId: string; forTeam?: boolean },
  now: string,
): Promise<Item | CheckoutOrder> {
  const { db, config } = deps;
  const prompt = await repo.findPromptForSale(db, input.promptId);
  if (!prompt || prompt.status !== 'published') throw notFound('Prompt not found');
  if (prompt.type !== 'premium' || prompt.price_minor <= 0)
    throw validation('This prompt is free: try it or download it.');
  if (prompt.author_id === user.id) throw validation('This is your own prompt.');
  const team = await promptHolder(db, user.id, prompt.id, input.forTeam === true);
  const teamId = team?.teamId ?? null;
  const description = team ? `Prompt: ${prompt.title}, for ${team.name}` : `Prompt: ${prompt.title}`;
  const licence = licenceInfo(prompt.licence);
  // A prompt is bought once: the buyer who closed the checkout gets the same order back.
  const open = await repo.findOpenPromptOrder(db, user.id, prompt.id);
  if (open) {
    if (
      open.amount_minor === prompt.price_minor &&
      open.provider === gateway.kind &&
      open.currency === config.currency &&
      open.team_id === teamId
    )
      return checkoutOrder(deps, open, { description, licence }, user, true);
    // The price changed since, or the order was for the other holder: that order is replaced. Paid
    // late all the same, it is granted or refunded like any other payment.
    await repo.advancePaymentStatus(
      db,
      open.id,
      'failed',
      {
        failure_reason:
          open.team_id === teamId
            ? 'Replaced by an order at the current price'
            : 'Replaced by an order for another buyer',
      },
      now,
    );
  }
  return {
    kind: 'prompt',
    planId: null,
    promptId: prompt.id,
    billing: null,
    amountMinor: prompt.price_minor,
    description,
    licence,
    teamId,
  };
}

/** Opens the order at the gateway and stores it for this user. */
async function placeOrder(deps: BillingDeps, gateway: Gateway, user: User, item: Item, now: string) {
  const { db, config, log } = deps;
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
      notes: { paymentId, userId: user.id, kind: item.kind },
    });
  } catch (err) {
    log.error({ err, userId: user.id }, 'payment gateway refused to create an order');
    throw new AppError('PAYMENT_ERROR', PAYMENT_MESSAGES.createOrderFailed, {
      status: 502,
      internal: err instanceof GatewayError ? err.message : 'order creation failed',
    });
  }
  const row = {
    id: paymentId,
    user_id: user.id,
    kind: item.kind,
    plan_id: item.planId,
    prompt_id: item.promptId,
    team_id: item.teamId,
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
    const open = item.promptId ? await repo.findOpenPromptOrder(db, user.id, item.promptId) : null;
    if (open) return checkoutOrder(deps, open, item, user, true);
    throw err;
  }
  metrics.payment('created');
  return checkoutOrder(deps, row, item, user, false);
}

/** Starts a checkout for a plan's period or a premium prompt. */
export async function createOrder(
  deps: BillingDeps,
  userId: string,
  input: CreateOrderInput,
): Promise<CheckoutOrder> {
  const gateway = requireGateway(deps);
  const user = await repo.findUser(deps.db, userId);
  if (!user) throw notFound();
  const now = nowIso();
  const item =
    'planId' in input
      ? await planItem(deps, userId, input.planId, (input.billing ?? 'monthly') as BillingPeriod, now)
      : await promptItem(deps, gateway, user, input, now);
  if ('orderId' in item) return item;
  return placeOrder(deps, gateway, user, item, now);
}

/** The test gateway's checkout dialog: signs a success, or records a failure. */
export async function testGatewayPay(
  deps: BillingDeps,
  userId: string,
  input: { orderId: string; outcome: 'succeed' | 'fail' },
) {
  const gateway = deps.gateway;
  if (!gateway || gateway.kind !== 'test') throw notFound();
  const payment = await repo.findPaymentByOrder(deps.db, input.orderId);
  if (!payment || payment.user_id !== userId) throw notFound('Order not found');
  if (input.outcome === 'fail') {
    await repo.advancePaymentStatus(
      deps.db,
      payment.id,
      'failed',
      { failure_reason: 'Declined in the test gateway' },
      nowIso(),
    );
    metrics.payment('failed');
    throw new AppError('PAYMENT_ERROR', 'The payment was declined.', { status: 402 });
  }
  return (gateway as TestGateway).pay(payment.provider_order_id);
}

/** The browser's confirmation: Razorpay Checkout's signed answer, checked against the stored order. */
export async function verify(
  deps: BillingDeps,
  userId: string,
  input: VerifyPaymentInput,
): Promise<VerifyResult> {
  const { db, config, log } = deps;
  requireGateway(deps);
  const payment = await repo.findPaymentByOrder(db, input.razorpay_order_id);
  // Another user's order reads exactly like an unknown one.
  if (!payment || payment.user_id !== userId) throw verificationFailed('unknown order or another user');
  const expected = paymentSignature(config.keySecret, payment.provider_order_id, input.razorpay_payment_id);
  if (!signatureMatches(expected, input.razorpay_signature)) {
    log.warn({ paymentId: payment.id, userId }, 'payment signature mismatch');
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
    return verifyResult(deps, payment);
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
    if (fresh) granted = await grantInTx(deps, trx, fresh, now);
  });
  const fresh = (await repo.findPayment(db, payment.id))!;
  if (fresh.ungranted_reason) return verifyResult(deps, await refundUngranted(deps, fresh));
  const grant = granted ? await afterGrant(deps, fresh) : await grantDescription(deps, fresh);
  return { paymentId: fresh.id, status: fresh.status as PaymentStatus, grant, refund: null };
}
