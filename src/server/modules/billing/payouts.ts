import type { Kysely } from 'kysely';
import {
  DEFAULT_PAYOUT_THRESHOLD_MINOR,
  PAYOUT_MESSAGES,
  PAYOUT_PENDING_DAYS,
  type Payout,
  type PayoutBalance,
  type PayoutMethod,
  type PayoutOverview,
  type PayoutStatus,
  type RequestPayoutInput,
} from '../../../shared/payouts';
import type { DB } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import { queueAdminAlert } from '../admin/settings/alerts';
import { AppError, fieldError } from '../../lib/errors';
import { formatMoney, storedMinor } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import { type BillingDeps, DAY_MS } from './deps';
import * as repo from './repository/payouts';

/*
 * Creator payouts (decision 056). `payoutBalances` owns what a creator may be paid: settled
 * earnings (sales whose refund window closed, less their refunds) plus the payout ledger (a request
 * reserves its amount, a rejection releases it). `requestPayout` is the one writer of a request: it
 * locks the creator, reads that balance and checks the merged result before it commits. What the
 * admin decides (approve and pay, reject, the threshold) is payout-decisions.ts.
 */

export type Db = Kysely<DB>;
/** What payouts need of billing's dependencies. */
export type PayoutDeps = Pick<
  BillingDeps,
  'db' | 'config' | 'gateway' | 'log' | 'mailer' | 'publicUrl' | 'jobs'
>;
export type Actor = { id: string; ip: string | null };

/** The moment before which a sale's refund window has closed. */
export const settledCutoff = (now: number) => new Date(now - PAYOUT_PENDING_DAYS * DAY_MS).toISOString();

export function toPayout(r: repo.PayoutRow): Payout {
  return {
    id: r.id,
    amountMinor: storedMinor(r.amount_minor),
    currency: r.currency,
    status: r.status as PayoutStatus,
    amountReversedMinor: storedMinor(r.amount_reversed),
    method: r.method as PayoutMethod | null,
    reference: r.reference,
    note: r.note,
    requestedAt: r.requested_at,
    decidedAt: r.decided_at,
    paidAt: r.paid_at,
  };
}

export async function thresholds(db: Db): Promise<Map<string, number>> {
  return new Map((await repo.listThresholds(db)).map((t) => [t.currency, storedMinor(t.threshold_minor)]));
}

/**
 * What a creator has, per currency: available (may be negative after a refund of a sale already
 * paid out), pending, in progress, paid, and the least payout. Every reader and writer of a
 * payout's amount asks this.
 */
export async function payoutBalances(
  db: Db,
  creatorId: string,
  options: { now?: number; siteCurrency?: string } = {},
): Promise<PayoutBalance[]> {
  const now = options.now ?? Date.now();
  const [earnings, sums, least] = await Promise.all([
    repo.earningsByCurrency(db, creatorId, settledCutoff(now)),
    repo.payoutSumsByCurrency(db, creatorId),
    thresholds(db),
  ]);
  const currencies = new Set<string>([
    ...(options.siteCurrency ? [options.siteCurrency] : []),
    ...earnings.map((e) => e.currency),
    ...sums.entries.map((e) => e.currency),
  ]);
  return [...currencies].sort().map((currency) => {
    const e = earnings.find((x) => x.currency === currency);
    const ledger = sums.entries.find((x) => x.currency === currency)?.total ?? 0;
    const state = (s: string) =>
      sums.states.filter((x) => x.currency === currency && x.status === s).reduce((a, x) => a + x.total, 0);
    return {
      currency,
      availableMinor: (e?.settled ?? 0) + ledger,
      pendingMinor: e?.pending ?? 0,
      inProgressMinor: state('requested') + state('processing'),
      paidMinor:
        state('paid') +
        state('reversed') -
        (sums.reversedBack.find((x) => x.currency === currency)?.total ?? 0),
      thresholdMinor: least.get(currency) ?? DEFAULT_PAYOUT_THRESHOLD_MINOR,
      nextAvailableAt: e?.oldestPending
        ? new Date(Date.parse(e.oldestPending) + PAYOUT_PENDING_DAYS * DAY_MS).toISOString()
        : null,
    };
  });
}

export const balanceIn = async (db: Db, creatorId: string, currency: string) =>
  (await payoutBalances(db, creatorId)).find((b) => b.currency === currency) ?? null;

/** The creator's earnings page: balances, the gateway payouts go through, and their requests. */
export async function payoutOverview(deps: PayoutDeps, creatorId: string): Promise<PayoutOverview> {
  const [balances, rows, account] = await Promise.all([
    payoutBalances(deps.db, creatorId, { siteCurrency: deps.config.currency }),
    repo.listCreatorPayouts(deps.db, creatorId),
    repo.findAccount(deps.db, creatorId),
  ]);
  return {
    pendingDays: PAYOUT_PENDING_DAYS,
    gateway: deps.gateway?.kind ?? 'off',
    razorpayAccountId: account?.razorpay_account_id ?? null,
    balances,
    payouts: rows.map(toPayout),
  };
}

/** A creator asks for a payout; at most their available balance, at least the threshold, once. */
export async function requestPayout(
  deps: PayoutDeps,
  actor: Actor,
  input: RequestPayoutInput,
): Promise<Payout> {
  const { amountMinor, currency } = input;
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await repo.lockCreator(trx, actor.id, now);
    const balance = await balanceIn(trx, actor.id, currency);
    const available = balance?.availableMinor ?? 0;
    const least =
      balance?.thresholdMinor ?? (await thresholds(trx)).get(currency) ?? DEFAULT_PAYOUT_THRESHOLD_MINOR;
    if (available < 0) {
      throw fieldError('amountMinor', PAYOUT_MESSAGES.negative(formatMoney(available, currency)));
    }
    if (amountMinor < least) {
      throw fieldError('amountMinor', PAYOUT_MESSAGES.belowThreshold(formatMoney(least, currency)));
    }
    if (available === 0) throw fieldError('amountMinor', PAYOUT_MESSAGES.noneAvailable);
    if (amountMinor > available) {
      throw fieldError('amountMinor', PAYOUT_MESSAGES.overAvailable(formatMoney(available, currency)));
    }
    await repo.insertPayout(trx, { id, creatorId: actor.id, amountMinor, currency, now });
    await repo.insertEntry(trx, {
      id: newId(),
      payoutId: id,
      creatorId: actor.id,
      kind: 'reserve',
      amountMinor: -amountMinor,
      currency,
      actorId: actor.id,
      note: null,
      now,
    });
    // Judged again on the merged ledger, inside the lock: a request never leaves it below zero.
    const after = await balanceIn(trx, actor.id, currency);
    if (!after || after.availableMinor < 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        PAYOUT_MESSAGES.overAvailable(formatMoney(available, currency)),
        {
          internal: `payout ${id} would leave ${after?.availableMinor} available`,
        },
      );
    }
    const email = (await repo.findCreator(trx, actor.id))?.email ?? 'unknown';
    await recordAudit(trx, {
      actor: { id: actor.id, email },
      action: 'payout.request',
      targetType: 'payout',
      targetId: id,
      after: { status: 'requested', amountMinor, currency, availableBefore: available },
      ip: actor.ip,
    });
    // Admins who asked for payment alerts (Admin Settings > Notifications) hear of it.
    await queueAdminAlert(trx, deps.mailer, 'payment', {
      subject: `Payout requested: ${formatMoney(amountMinor, currency)}`,
      text:
        `A creator asked for a payout on Promptforge.\n\nCreator: ${email}\nAmount: ${formatMoney(amountMinor, currency)}\n\n` +
        `Review it: ${deps.publicUrl}/admin/payouts\n`,
    });
  });
  deps.mailer.wake();
  return toPayout((await repo.findPayout(deps.db, id))!);
}

/** The creator's Razorpay linked account, for Route transfers; null clears it. */
export async function savePayoutAccount(deps: PayoutDeps, creatorId: string, accountId: string | null) {
  await repo.saveAccount(deps.db, creatorId, accountId, nowIso());
  return payoutOverview(deps, creatorId);
}

/** The job queue that sends an approved payout's transfer through the gateway (decision 070). */
export const PAYOUT_TRANSFER_QUEUE = 'payout-transfer';
export type PayoutTransferJob = { payoutId: string; adminId: string };

/** Queues a payout's transfer in the caller's transaction; the caller wakes the queue after its commit. */
export async function queueTransfer(
  deps: Pick<PayoutDeps, 'jobs'>,
  trx: Db,
  payoutId: string,
  adminId: string,
) {
  await deps.jobs.send(PAYOUT_TRANSFER_QUEUE, { payoutId, adminId } satisfies PayoutTransferJob, { db: trx });
}

/** What the admin Jobs page says of payout-transfer jobs: the amount, the creator and the status now. */
export async function payoutJobSummaries(db: Db, payoutIds: string[]): Promise<Map<string, string>> {
  const rows = await repo.findAdminPayouts(db, payoutIds);
  return new Map(
    rows.map((r) => [
      r.id,
      `Payout of ${formatMoney(r.amount_minor, r.currency)} to ${r.creator_email} (${r.status})`,
    ]),
  );
}

export async function adminEmail(db: Db, id: string) {
  return (await repo.findCreator(db, id))?.email ?? 'unknown';
}
