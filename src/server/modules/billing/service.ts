import type { CreateOrderInput, VerifyPaymentInput } from '../../../shared/billing';
import type {
  ApprovePayoutInput,
  PayoutStatus,
  RequestPayoutInput,
  ReversePayoutInput,
} from '../../../shared/payouts';
import type { JobRun } from '../../jobs/types';
import type { AuthContext } from '../../plugins/app/auth';
import * as checkout from './checkout';
import * as decisions from './payout-decisions';
import * as transfers from './payout-transfers';
import * as payouts from './payouts';
import type { BillingDeps } from './deps';
import * as records from './records';
import * as refunds from './refunds';
import * as subscriptions from './subscriptions';
import * as reminders from './reminders';
import { webhook } from './webhook';

/*
 * Billing's public surface: what its routes, app.ts and other modules use. Money moves here: the
 * server prices every order from the database; a payment is verified by its HMAC against the order
 * stored for the same user; what it bought is granted in one transaction, exactly once
 * (grants.ts). The work is done by plain functions over BillingDeps, one file per job:
 * checkout.ts (orders, verify), webhook.ts, grants.ts, subscriptions.ts, refunds.ts, records.ts
 * (history), payouts.ts (creators' balances and payouts); repository/ holds their SQL and is imported by billing's own files only.
 */

export type { BillingDeps } from './deps';
export { parseFeatures, toPlan } from './plans';
export {
  currentSubscriptionFinder,
  currentSubscriptionIdOf,
  findFreePlan,
  freePlanId,
  isCurrentSubscription,
  type CurrentSubscriptionRow,
} from './repository/current-plan';
export { currentSubscription } from './subscriptions';
export { REMINDER_CRON, REMINDER_QUEUE } from './reminders';
export { PAYOUT_TRANSFER_QUEUE, type PayoutTransferJob, payoutBalances, payoutJobSummaries } from './payouts';
export { teamOwnsPrompt, teamPurchases } from './team-purchases';

/** Billing bound to its dependencies, for the routes and the jobs. */
export function createBillingService(deps: BillingDeps) {
  return {
    plans: () => checkout.plans(deps),
    overview: (auth: AuthContext) => subscriptions.overview(deps, auth.userId),
    createOrder: (auth: AuthContext, input: CreateOrderInput) =>
      checkout.createOrder(deps, auth.userId, input),
    testGatewayPay: (auth: AuthContext, input: { orderId: string; outcome: 'succeed' | 'fail' }) =>
      checkout.testGatewayPay(deps, auth.userId, input),
    verify: (auth: AuthContext, input: VerifyPaymentInput) => checkout.verify(deps, auth.userId, input),
    webhook: (rawBody: Buffer, signature: string | undefined, eventId: string | undefined) =>
      webhook(deps, rawBody, signature, eventId),
    startTrial: (auth: AuthContext) => subscriptions.startTrial(deps, auth.userId),
    cancel: (auth: AuthContext) => subscriptions.cancel(deps, auth.userId),
    resume: (auth: AuthContext) => subscriptions.resume(deps, auth.userId),
    history: (auth: AuthContext) => records.history(deps, auth.userId),
    purchases: (auth: AuthContext) => records.purchases(deps, auth.userId),
    adminPayments: (f: { status?: string; search?: string; page: number; limit: number }) =>
      refunds.adminPayments(deps, f),
    /** An admin's refund; `admin.id` is the signed-in admin, recorded in the audit log. */
    refund: (admin: { id: string; ip: string | null }, paymentId: string, reason?: string) =>
      refunds.refund(deps, admin, paymentId, reason),
    retryRefunds: () => refunds.retryRefunds(deps),
    expire: () => subscriptions.expire(deps),
    /** Mails the renewal reminders due (reminders.ts); the number sent. */
    remindRenewals: (now?: Date) => reminders.remindRenewals(deps, now),
    /** Payouts (payouts.ts): a creator's balances and requests, an admin's decisions. */
    payoutOverview: (auth: AuthContext) => payouts.payoutOverview(deps, auth.userId),
    requestPayout: (actor: { id: string; ip: string | null }, input: RequestPayoutInput) =>
      payouts.requestPayout(deps, actor, input),
    savePayoutAccount: (auth: AuthContext, accountId: string | null) =>
      payouts.savePayoutAccount(deps, auth.userId, accountId),
    adminPayouts: (f: { status?: PayoutStatus; page: number; limit: number }) =>
      decisions.adminPayouts(deps, f),
    approvePayout: (admin: { id: string; ip: string | null }, id: string, input: ApprovePayoutInput) =>
      decisions.approvePayout(deps, admin, id, input),
    /** The payout-transfer job's handler (decision 070). */
    sendPayoutTransfer: (job: JobRun<payouts.PayoutTransferJob>) => transfers.sendTransfer(deps, job),
    /** An admin reverses a paid gateway payout's transfer, in whole or part (decision 070). */
    reversePayout: (admin: { id: string; ip: string | null }, id: string, input: ReversePayoutInput) =>
      transfers.reversePayout(deps, admin, id, input),
    rejectPayout: (admin: { id: string; ip: string | null }, id: string, reason: string) =>
      decisions.rejectPayout(deps, admin, id, reason),
    setPayoutThreshold: (
      admin: { id: string; ip: string | null },
      input: { currency: string; thresholdMinor: number },
    ) => decisions.setPayoutThreshold(deps, admin, input),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
