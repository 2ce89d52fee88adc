import type { Kysely } from 'kysely';
import {
  type AdminPayout,
  type ApprovePayoutInput,
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
import { notify } from '../notifications/service';
import { AppError, fieldError, notFound, validation } from '../../lib/errors';
import { storedMinor } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import { type BillingDeps, DAY_MS } from './deps';
import * as repo from './repository/payouts';

/*
 * Creator payouts (decision 056). `payoutBalances` owns what a creator may be paid: settled
 * earnings (sales whose refund window closed, less their refunds) plus the payout ledger (a request
 * reserves its amount, a rejection releases it). `requestPayout` is the one writer of a request: it
 * locks the creator, reads that balance and checks the merged result before it commits. Approval
 * pays through the gateway (a Razorpay Route transfer, or the test gateway) or by hand with a
 * reference; each step is a ledger entry and an audit-log row, and the creator is mailed.
 */

type Db = Kysely<DB>;
/** What payouts need of billing's dependencies. */
export type PayoutDeps = Pick<BillingDeps, 'db' | 'config' | 'gateway' | 'log' | 'mailer' | 'publicUrl'>;
type Actor = { id: string; ip: string | null };

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

/** The moment before which a sale's refund window has closed. */
export const settledCutoff = (now: number) => new Date(now - PAYOUT_PENDING_DAYS * DAY_MS).toISOString();

function toPayout(r: repo.PayoutRow): Payout {
  return {
    id: r.id,
    amountMinor: storedMinor(r.amount_minor),
    currency: r.currency,
    status: r.status as PayoutStatus,
    method: r.method as PayoutMethod | null,
    reference: r.reference,
    note: r.note,
    requestedAt: r.requested_at,
    decidedAt: r.decided_at,
    paidAt: r.paid_at,
  };
}

async function thresholds(db: Db): Promise<Map<string, number>> {
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
      inProgressMinor: state('requested') + state('approved'),
      paidMinor: state('paid'),
      thresholdMinor: least.get(currency) ?? DEFAULT_PAYOUT_THRESHOLD_MINOR,
      nextAvailableAt: e?.oldestPending
        ? new Date(Date.parse(e.oldestPending) + PAYOUT_PENDING_DAYS * DAY_MS).toISOString()
        : null,
    };
  });
}

const balanceIn = async (db: Db, creatorId: string, currency: string) =>
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
      throw fieldError('amountMinor', PAYOUT_MESSAGES.negative(money(available, currency)));
    }
    if (amountMinor < least) {
      throw fieldError('amountMinor', PAYOUT_MESSAGES.belowThreshold(money(least, currency)));
    }
    if (available === 0) throw fieldError('amountMinor', PAYOUT_MESSAGES.noneAvailable);
    if (amountMinor > available) {
      throw fieldError('amountMinor', PAYOUT_MESSAGES.overAvailable(money(available, currency)));
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
      throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.overAvailable(money(available, currency)), {
        internal: `payout ${id} would leave ${after?.availableMinor} available`,
      });
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
      subject: `Payout requested: ${money(amountMinor, currency)}`,
      text:
        `A creator asked for a payout on Promptforge.\n\nCreator: ${email}\nAmount: ${money(amountMinor, currency)}\n\n` +
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

async function adminEmail(db: Db, id: string) {
  return (await repo.findCreator(db, id))?.email ?? 'unknown';
}

/** Tells the creator what became of their payout: a notice and an e-mail, in the caller's transaction. */
async function mailCreator(deps: PayoutDeps, db: Db, payout: repo.PayoutRow, subject: string, body: string) {
  const creator = await repo.findCreator(db, payout.creator_id);
  if (!creator) return;
  await notify({ db }, [
    {
      userId: creator.id,
      kind: 'payout.updated',
      // One notice per payout and outcome (the subject names it: approved, paid, not approved).
      eventKey: `payout:${payout.id}:${subject}`,
      title: subject,
      body: body.split('\n')[0]!,
      link: '/dashboard?tab=earnings',
    },
  ]);
  await deps.mailer.send(
    {
      to: creator.email,
      subject,
      text: `Hi ${creator.name},\n\n${body}\n\nYour earnings: ${deps.publicUrl}/dashboard?tab=earnings\n`,
    },
    { db },
  );
}

async function toAdminPayout(db: Db, r: repo.AdminPayoutRow) {
  const balance = await balanceIn(db, r.creator_id, r.currency);
  return {
    ...toPayout(r),
    creator: { id: r.creator_id, name: r.creator_name, email: r.creator_email },
    accountId: r.account_id ?? r.razorpay_account_id,
    availableMinor: balance?.availableMinor ?? 0,
  } satisfies AdminPayout;
}

/** Payout requests for the admin panel, newest first, with each creator's balance now. */
export async function adminPayouts(
  deps: PayoutDeps,
  f: { status?: PayoutStatus; page: number; limit: number },
) {
  const { rows, total } = await repo.listAdminPayouts(deps.db, f);
  const payouts: AdminPayout[] = [];
  for (const r of rows) payouts.push(await toAdminPayout(deps.db, r));
  const least = await thresholds(deps.db);
  const currencies = new Set([deps.config.currency, ...least.keys()]);
  return {
    payouts,
    total,
    page: f.page,
    limit: f.limit,
    gateway: deps.gateway?.kind ?? ('off' as const),
    thresholds: [...currencies].sort().map((currency) => ({
      currency,
      thresholdMinor: least.get(currency) ?? DEFAULT_PAYOUT_THRESHOLD_MINOR,
    })),
  };
}

async function adminPayout(db: Db, id: string): Promise<AdminPayout> {
  const row = await repo.findAdminPayout(db, id);
  if (!row) throw notFound(PAYOUT_MESSAGES.notFound);
  return toAdminPayout(db, row);
}

/** Moves a requested payout to approved (its ledger step and audit row); false when it was not requested. */
async function approveStep(deps: PayoutDeps, admin: Actor, payout: repo.PayoutRow, method: string) {
  return deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await repo.updatePayoutFrom(trx, payout.id, ['requested'], null, {
      status: 'approved',
      decided_at: now,
      decided_by: admin.id,
      updated_at: now,
    });
    if (!moved) return false;
    await repo.insertEntry(trx, {
      id: newId(),
      payoutId: payout.id,
      creatorId: payout.creator_id,
      kind: 'approve',
      amountMinor: 0,
      currency: payout.currency,
      actorId: admin.id,
      note: method,
      now,
    });
    await recordAudit(trx, {
      actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
      action: 'payout.approve',
      targetType: 'payout',
      targetId: payout.id,
      before: { status: 'requested' },
      after: { status: 'approved', method },
      ip: admin.ip,
    });
    return true;
  });
}

/** Records a payout as paid (from approved, under `claim`), its ledger step, audit row and mail. */
async function paidStep(
  deps: PayoutDeps,
  admin: Actor,
  payout: repo.PayoutRow,
  paid: { method: PayoutMethod; reference: string; accountId: string | null; claim: string | null },
) {
  return deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await repo.updatePayoutFrom(trx, payout.id, ['approved'], paid.claim, {
      status: 'paid',
      method: paid.method,
      reference: paid.reference,
      account_id: paid.accountId,
      note: null,
      claim: null,
      paid_at: now,
      updated_at: now,
    });
    if (!moved) return false;
    await repo.insertEntry(trx, {
      id: newId(),
      payoutId: payout.id,
      creatorId: payout.creator_id,
      kind: 'pay',
      amountMinor: 0,
      currency: payout.currency,
      actorId: admin.id,
      note: `${paid.method}: ${paid.reference}`,
      now,
    });
    await recordAudit(trx, {
      actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
      action: 'payout.paid',
      targetType: 'payout',
      targetId: payout.id,
      before: { status: 'approved' },
      after: { status: 'paid', method: paid.method, reference: paid.reference, accountId: paid.accountId },
      ip: admin.ip,
    });
    const how =
      paid.method === 'manual'
        ? `It was paid by hand (reference ${paid.reference}).`
        : paid.method === 'test'
          ? `It was paid through the test gateway (demo mode: no real money moved), transfer ${paid.reference}.`
          : `It was sent to your Razorpay linked account ${paid.accountId}, transfer ${paid.reference}.`;
    await mailCreator(
      deps,
      trx,
      payout,
      `Your payout of ${money(payout.amount_minor, payout.currency)} was paid`,
      `Your payout of ${money(payout.amount_minor, payout.currency)} was approved and paid. ${how}`,
    );
    return true;
  });
}

/**
 * An admin approves a payout and pays it: through the gateway (a Route transfer to the creator's
 * linked account, or the test gateway in demo mode) or by hand with a reference. Calling it again
 * for an approved payout whose transfer failed tries again; a paid payout is answered as it is.
 */
export async function approvePayout(
  deps: PayoutDeps,
  admin: Actor,
  id: string,
  input: ApprovePayoutInput,
): Promise<AdminPayout> {
  const payout = await repo.findPayout(deps.db, id);
  if (!payout) throw notFound(PAYOUT_MESSAGES.notFound);
  if (payout.status === 'paid') return adminPayout(deps.db, id);
  if (payout.status === 'rejected') throw validation(PAYOUT_MESSAGES.notOpen);
  if (payout.claim !== null) throw validation(PAYOUT_MESSAGES.inProgress);

  const gateway = deps.gateway;
  const account = (await repo.findAccount(deps.db, payout.creator_id))?.razorpay_account_id ?? null;
  if (input.method === 'gateway') {
    if (!gateway) throw validation(PAYOUT_MESSAGES.noGateway);
    if (gateway.kind === 'razorpay' && !account) throw validation(PAYOUT_MESSAGES.noAccount);
  }
  const method: PayoutMethod = input.method === 'manual' ? 'manual' : gateway!.kind;
  const approvedNow = payout.status === 'requested' && (await approveStep(deps, admin, payout, method));
  const current = (await repo.findPayout(deps.db, id))!;
  if (current.status !== 'approved') {
    if (current.status === 'paid') return adminPayout(deps.db, id);
    throw validation(PAYOUT_MESSAGES.notOpen);
  }

  if (input.method === 'manual') {
    if (
      !(await paidStep(deps, admin, current, {
        method,
        reference: input.reference,
        accountId: null,
        claim: null,
      }))
    ) {
      throw validation(PAYOUT_MESSAGES.inProgress);
    }
    deps.mailer.wake();
    return adminPayout(deps.db, id);
  }

  const marker = `transfer:${newId()}`;
  if (!(await repo.claimTransfer(deps.db, id, marker, nowIso())))
    throw validation(PAYOUT_MESSAGES.inProgress);
  let transferId: string;
  try {
    const transfer = await gateway!.transfer({
      accountId: account ?? '',
      amountMinor: current.amount_minor,
      currency: current.currency,
      // The payout's id: a retry after a lost answer gets the first transfer back, never a second.
      idempotencyKey: current.id,
      notes: { payoutId: current.id },
    });
    transferId = transfer.id;
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'transfer failed';
    await deps.db.transaction().execute(async (trx) => {
      await repo.releaseTransfer(trx, id, marker, PAYOUT_MESSAGES.transferFailed, nowIso());
      await recordAudit(trx, {
        actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
        action: 'payout.transfer_failed',
        targetType: 'payout',
        targetId: id,
        after: { status: 'approved', error: reason.slice(0, 300) },
        ip: admin.ip,
      });
      if (approvedNow) {
        await mailCreator(
          deps,
          trx,
          current,
          `Your payout of ${money(current.amount_minor, current.currency)} was approved`,
          `Your payout of ${money(current.amount_minor, current.currency)} was approved. We will tell you when it is paid.`,
        );
      }
    });
    deps.mailer.wake();
    deps.log.error({ err, payoutId: id }, 'payout transfer failed');
    throw new AppError('PAYMENT_ERROR', PAYOUT_MESSAGES.transferFailed, { status: 502, internal: reason });
  }
  await paidStep(deps, admin, current, {
    method,
    reference: transferId,
    accountId: gateway!.kind === 'razorpay' ? account : null,
    claim: marker,
  });
  deps.mailer.wake();
  return adminPayout(deps.db, id);
}

/** An admin rejects a payout not yet paid; its amount is released to the creator's balance. */
export async function rejectPayout(deps: PayoutDeps, admin: Actor, id: string, reason: string) {
  const payout = await repo.findPayout(deps.db, id);
  if (!payout) throw notFound(PAYOUT_MESSAGES.notFound);
  if (payout.status === 'rejected') return adminPayout(deps.db, id);
  const done = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await repo.updatePayoutFrom(trx, id, ['requested', 'approved'], null, {
      status: 'rejected',
      note: reason,
      decided_at: now,
      decided_by: admin.id,
      updated_at: now,
    });
    if (!moved) return false;
    await repo.insertEntry(trx, {
      id: newId(),
      payoutId: id,
      creatorId: payout.creator_id,
      kind: 'release',
      amountMinor: payout.amount_minor,
      currency: payout.currency,
      actorId: admin.id,
      note: reason,
      now,
    });
    await recordAudit(trx, {
      actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
      action: 'payout.reject',
      targetType: 'payout',
      targetId: id,
      before: { status: payout.status },
      after: { status: 'rejected', reason },
      ip: admin.ip,
    });
    await mailCreator(
      deps,
      trx,
      payout,
      `Your payout of ${money(payout.amount_minor, payout.currency)} was not approved`,
      `Your payout request of ${money(payout.amount_minor, payout.currency)} was rejected: ${reason}\n\nThe amount is back in your available balance.`,
    );
    return true;
  });
  if (!done) {
    const again = await repo.findPayout(deps.db, id);
    if (again?.status === 'rejected') return adminPayout(deps.db, id);
    throw validation(again?.claim ? PAYOUT_MESSAGES.inProgress : PAYOUT_MESSAGES.notOpen);
  }
  deps.mailer.wake();
  return adminPayout(deps.db, id);
}

/** The admin's least payout for a currency. */
export async function setPayoutThreshold(
  deps: PayoutDeps,
  admin: Actor,
  input: { currency: string; thresholdMinor: number },
) {
  await deps.db.transaction().execute(async (trx) => {
    const before = (await thresholds(trx)).get(input.currency) ?? DEFAULT_PAYOUT_THRESHOLD_MINOR;
    await repo.saveThreshold(trx, input.currency, input.thresholdMinor, admin.id, nowIso());
    await recordAudit(trx, {
      actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
      action: 'payout.threshold',
      targetType: 'settings',
      targetId: input.currency,
      before: { thresholdMinor: before },
      after: { thresholdMinor: input.thresholdMinor },
      ip: admin.ip,
    });
  });
  return adminPayouts(deps, { page: 1, limit: 20 });
}
