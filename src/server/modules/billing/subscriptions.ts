import type { Kysely } from 'kysely';
import {
  type BillingOverview,
  type BillingPeriod,
  PAYMENT_MESSAGES,
  type SubscriptionStatus,
  TRIAL_DAYS,
} from '../../../shared/billing';
import type { DB } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { notFound, validation } from '../../lib/errors';
import { addMonths, newId, nowIso } from '../../lib/time';
import { type BillingDeps, DAY_MS, asBilling, requireGateway } from './deps';
import * as repo from './repository';

/*
 * A user's plan over time: the current subscription and what the account page shows of it, the
 * trial, cancel and resume, and the expiry of ended periods. Nothing renews by itself: a period is
 * paid at a time (grants.ts extends it), and cancel only records that the user will not pay again
 * (decision 042). Which subscription is current is repository/current-plan.ts's rule.
 */

/** When a period paid from `start` ends. */
export const periodEnd = (start: string, billing: BillingPeriod) =>
  addMonths(start, billing === 'annual' ? 12 : 1);

/** The current subscription of a user (the rule: repository/current-plan.ts). */
export const currentSubscription = (db: Kysely<DB>, userId: string, now = nowIso()) =>
  repo.findCurrentSubscription(db, userId, now);

/** The account page's billing: the plan, the subscription, whether a trial is available. */
export async function overview(deps: BillingDeps, userId: string): Promise<BillingOverview> {
  const { db, config } = deps;
  const now = nowIso();
  const [user, current] = await Promise.all([
    repo.findUser(db, userId),
    repo.findCurrentSubscription(db, userId, now),
  ]);
  if (!user) throw notFound();
  const free = current ? undefined : await repo.findFreePlan(db);
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
    trialAvailable: user.trial_used_at === null && !current && deps.gateway !== null,
    trialDays: TRIAL_DAYS,
    currency: config.currency,
    gateway: config.gateway === 'razorpay' ? 'razorpay' : 'test',
    testMode: config.gateway !== 'razorpay',
  };
}

/** Starts the account's one trial of the trial plan, without a payment. */
export async function startTrial(deps: BillingDeps, userId: string): Promise<BillingOverview> {
  requireGateway(deps);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (await repo.findCurrentSubscription(trx, userId, now))
      throw validation('You already have an active plan.');
    const plan = await repo.findTrialPlan(trx);
    if (!plan) throw notFound(PAYMENT_MESSAGES.planNotFound);
    if (!(await repo.claimTrial(trx, userId, now)))
      throw validation('You have already used your free trial.');
    const end = new Date(Date.parse(now) + TRIAL_DAYS * DAY_MS).toISOString();
    await repo.insertSubscription(trx, {
      id: newId(),
      userId,
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
      actorId: userId,
      data: { planId: plan.id, trial: true },
    });
  });
  return overview(deps, userId);
}

/** Records that the user will not pay for another period; the plan runs until its period ends. */
export async function cancel(deps: BillingDeps, userId: string): Promise<BillingOverview> {
  const { db } = deps;
  const now = nowIso();
  const current = await repo.findCurrentSubscription(db, userId, now);
  if (!current) throw notFound('You have no active subscription to cancel.');
  if (!current.canceled_at) {
    await db.transaction().execute(async (trx) => {
      await repo.updateSubscription(trx, current.id, { canceled_at: now, updated_at: now });
      await recordActivity(trx, {
        type: 'subscription.canceled',
        actorId: userId,
        data: { planId: current.plan_id },
      });
    });
  }
  return overview(deps, userId);
}

/** Undoes a cancellation before the period ends. */
export async function resume(deps: BillingDeps, userId: string): Promise<BillingOverview> {
  const now = nowIso();
  const current = await repo.findCurrentSubscription(deps.db, userId, now);
  if (!current) throw notFound('You have no subscription to resume.');
  if (current.canceled_at)
    await repo.updateSubscription(deps.db, current.id, { canceled_at: null, updated_at: now });
  return overview(deps, userId);
}

/** Ends subscriptions whose period is over (reads already treat them as ended). */
export const expire = (deps: Pick<BillingDeps, 'db'>) => repo.expireEndedSubscriptions(deps.db, nowIso());
