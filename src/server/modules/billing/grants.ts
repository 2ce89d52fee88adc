import type { Kysely } from 'kysely';
import type { Grant, PaymentStatus, VerifyResult } from '../../../shared/billing';
import type { DB } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { bumpDailyStat } from '../../lib/daily-stats';
import { metrics } from '../../lib/metrics';
import { licenceInfo } from '../../../shared/licences';
import { formatMoney } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import { notifyAdmins } from '../admin/settings/alerts';
import { notify } from '../notifications/service';
import { type BillingDeps, asBilling } from './deps';
import * as repo from './repository';
import { periodEnd } from './subscriptions';

/*
 * What a paid order grants: a subscription period or a prompt, in one transaction, exactly once
 * whether the browser's verify, the webhook or both arrive (the conditional update of
 * payments.granted_at, decision 007). A prompt the buyer owns already, or one that is gone, grants
 * nothing: the payment is marked and refunds.ts gives the money back (decision 042).
 */

type GrantDeps = Pick<BillingDeps, 'config' | 'log' | 'mailer' | 'publicUrl'>;

/** A paid plan: a renewal of the same plan extends it, any other plan replaces the current one. */
async function grantSubscriptionInTx(trx: Kysely<DB>, payment: repo.PaymentRow, planId: string, now: string) {
  const billing = asBilling(payment.billing) ?? 'monthly';
  const current = await repo.findCurrentSubscription(trx, payment.user_id, now);
  if (current && current.plan_id === planId && current.status === 'active') {
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
      planId,
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
    data: { kind: 'subscription', planId, billing, amountMinor: payment.amount_minor },
  });
}

/** A bought prompt: the purchase, the creator's share in the ledger, the prompt's daily figures. */
async function grantPromptInTx(deps: GrantDeps, trx: Kysely<DB>, payment: repo.PaymentRow, now: string) {
  const prompt = payment.prompt_id ? await repo.findPromptTitle(trx, payment.prompt_id) : undefined;
  // An order for a team grants to the team while it exists (decision 063).
  const team = payment.team_id ? await repo.findTeam(trx, payment.team_id) : undefined;
  const holder: { teamId: string } | { buyerId: string } | null = payment.team_id
    ? team
      ? { teamId: team.id }
      : null
    : { buyerId: payment.user_id };
  const owned =
    prompt && holder
      ? 'teamId' in holder
        ? await repo.findLiveTeamPurchase(trx, prompt.id, holder.teamId)
        : await repo.findLivePurchase(trx, prompt.id, holder.buyerId)
      : undefined;
  if (!prompt || !holder || (owned && owned.payment_id !== payment.id)) {
    // Nothing to give: the buyer (or their team) owns the prompt already (two orders both paid, or
    // a replaced order paid late), or the prompt or the team is gone. The payment earns nobody
    // anything; refundUngranted gives the money back through the gateway once this commits
    // (decision 042).
    const reason = prompt && holder ? 'already_owned' : 'unavailable';
    await repo.markUngranted(trx, payment.id, reason, now);
    deps.log.warn({ paymentId: payment.id, reason }, 'a captured payment grants nothing: refunding it');
    return;
  }
  const share = Math.round(payment.amount_minor * deps.config.creatorShare);
  const purchaseId = await repo.upsertPurchase(trx, {
    id: newId(),
    promptId: prompt.id,
    holder,
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
  const buyer = await repo.findUser(trx, payment.user_id);
  // The buyer's receipt, queued in the grant's transaction: sent once, and only for a grant.
  if (buyer) await deps.mailer.send(receiptMail(deps.publicUrl, buyer, prompt, payment), { db: trx });
  await recordActivity(trx, {
    type: 'prompt.purchased',
    actorId: payment.user_id,
    promptId: prompt.id,
    subjectId: payment.id,
    data: { amountMinor: payment.amount_minor, teamId: payment.team_id },
  });
  await notify({ db: trx }, [
    {
      userId: prompt.author_id,
      kind: 'prompt.sold',
      eventKey: `sale:${payment.id}`,
      title: `${prompt.title} was sold`,
      body: `Your share: ${formatMoney(share, payment.currency)}`,
      link: '/dashboard?tab=analytics',
      data: { promptId: prompt.id, paymentId: payment.id, shareMinor: share },
    },
  ]);
}

/** Grants what a payment bought, once; runs inside the caller's transaction. */
export async function grantInTx(
  deps: GrantDeps,
  trx: Kysely<DB>,
  payment: repo.PaymentRow,
  now: string,
): Promise<boolean> {
  if (!(await repo.claimGrant(trx, payment.id, now))) return false;
  if (payment.kind === 'subscription' && payment.plan_id) {
    await grantSubscriptionInTx(trx, payment, payment.plan_id, now);
  } else if (payment.kind === 'prompt') {
    await grantPromptInTx(deps, trx, payment, now);
  }
  return true;
}

/** What a payment granted, as the checkout's answer describes it. */
export async function grantDescription(
  deps: Pick<BillingDeps, 'db'>,
  payment: repo.PaymentRow,
): Promise<Grant> {
  const { db } = deps;
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

/** The answer to a verify of a payment, with the refund of one that granted nothing. */
export async function verifyResult(
  deps: Pick<BillingDeps, 'db'>,
  payment: repo.PaymentRow,
): Promise<VerifyResult> {
  return {
    paymentId: payment.id,
    status: payment.status as PaymentStatus,
    grant: await grantDescription(deps, payment),
    refund: payment.ungranted_reason
      ? {
          reason: payment.ungranted_reason === 'already_owned' ? 'already_owned' : 'unavailable',
          done: payment.status === 'refunded',
        }
      : null,
  };
}

/** The buyer's receipt for a prompt: what they paid, for what, and the licence it comes with. */
function receiptMail(
  publicUrl: string,
  buyer: { email: string; name: string },
  prompt: { title: string; slug: string; licence: string },
  payment: repo.PaymentRow,
) {
  const amount = formatMoney(payment.amount_minor, payment.currency);
  const licence = licenceInfo(prompt.licence);
  return {
    to: buyer.email,
    subject: `Your Promptforge receipt: ${prompt.title}`,
    text:
      `Hi ${buyer.name},\n\nThank you for your purchase.\n\nPrompt: ${prompt.title}\nAmount: ${amount}\n` +
      `Payment: ${payment.id}\nDate: ${payment.paid_at ?? nowIso()}\n\n` +
      `Licence: ${licence.label}. ${licence.summary}${licence.url ? ` ${licence.url}` : ''}\n\n` +
      `Open it: ${publicUrl}/marketplace/${prompt.slug}\n`,
  };
}

/**
 * After a grant committed: counts the payment and tells the admins who asked for payment alerts.
 * The alert goes out without holding up the buyer's answer, and never fails it.
 */
export async function afterGrant(deps: BillingDeps, payment: repo.PaymentRow): Promise<Grant> {
  metrics.payment('paid');
  const grant = await grantDescription(deps, payment);
  const user = await repo.findUser(deps.db, payment.user_id);
  const description =
    grant.kind === 'prompt' ? `bought ${grant.promptTitle}` : `subscribed to ${grant.planName}`;
  const amount = formatMoney(payment.amount_minor, payment.currency);
  // The buyer's receipt was queued with the grant: its sender need not wait for its next poll.
  if (grant.kind === 'prompt') deps.mailer.wake();
  void notifyAdmins(deps, 'payment', {
    subject: `Payment received: ${amount}`,
    text:
      `A payment was received on Promptforge.\n\nCustomer: ${user?.email ?? ''}\nFor: ${description}\n` +
      `Amount: ${amount}\n\nPayments: ${deps.publicUrl}/admin/dashboard?tab=revenue\n`,
  });
  return grant;
}
