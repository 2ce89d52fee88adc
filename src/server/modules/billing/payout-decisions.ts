import {
  type AdminPayout,
  type ApprovePayoutInput,
  DEFAULT_PAYOUT_THRESHOLD_MINOR,
  PAYOUT_MESSAGES,
  type PayoutMethod,
  type PayoutStatus,
} from '../../../shared/payouts';
import { recordAudit } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import { notify } from '../notifications/service';
import {
  type Actor,
  type Db,
  PAYOUT_TRANSFER_QUEUE,
  type PayoutDeps,
  adminEmail,
  balanceIn,
  queueTransfer,
  thresholds,
  toPayout,
} from './payouts';
import * as repo from './repository/payouts';

/*
 * What an admin decides about payouts (decisions 056, 070): approval queues the gateway's transfer
 * (payout-transfers.ts: a Razorpay Route transfer to the creator's linked account, or the test
 * gateway in demo mode) or records it paid by hand with a reference; a rejection releases the
 * amount; the least payout per currency. Each step is a
 * ledger entry and an audit-log row, and the creator is told (a notice and an e-mail).
 */

/** Tells the creator what became of their payout: a notice and an e-mail, in the caller's transaction. */
export async function mailCreator(
  deps: Pick<PayoutDeps, 'mailer' | 'publicUrl'>,
  db: Db,
  payout: repo.PayoutRow,
  subject: string,
  body: string,
) {
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

export async function adminPayout(db: Db, id: string): Promise<AdminPayout> {
  const row = await repo.findAdminPayout(db, id);
  if (!row) throw notFound(PAYOUT_MESSAGES.notFound);
  return toAdminPayout(db, row);
}

/** A decision's ledger step and audit row, in the decision's transaction (approve, pay, reject). */
async function recordStep(
  trx: Db,
  admin: Actor,
  payout: repo.PayoutRow,
  step: {
    kind: Parameters<typeof repo.insertEntry>[1]['kind'];
    amountMinor: number;
    note: string;
    now: string;
    action: string;
    before: unknown;
    after: unknown;
  },
) {
  await repo.insertEntry(trx, {
    id: newId(),
    payoutId: payout.id,
    creatorId: payout.creator_id,
    kind: step.kind,
    amountMinor: step.amountMinor,
    currency: payout.currency,
    actorId: admin.id,
    note: step.note,
    now: step.now,
  });
  await recordAudit(trx, {
    actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
    action: step.action,
    targetType: 'payout',
    targetId: payout.id,
    before: step.before,
    after: step.after,
    ip: admin.ip,
  });
}

/**
 * Moves a requested payout to processing (its ledger step and audit row), with the method it will be
 * paid by; a gateway payout's transfer job is queued in the same transaction. False when it was not
 * requested any more.
 */
async function approveStep(deps: PayoutDeps, admin: Actor, payout: repo.PayoutRow, method: PayoutMethod) {
  return deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await repo.updatePayoutFrom(trx, payout.id, ['requested'], null, {
      status: 'processing',
      method,
      note: null,
      decided_at: now,
      decided_by: admin.id,
      updated_at: now,
    });
    if (!moved) return false;
    await recordStep(trx, admin, payout, {
      kind: 'approve',
      amountMinor: 0,
      note: method,
      now,
      action: 'payout.approve',
      before: { status: 'requested' },
      after: { status: 'processing', method },
    });
    if (method !== 'manual') await queueTransfer(deps, trx, payout.id, admin.id);
    return true;
  });
}

/** Records a payout as paid (from processing, under `claim`), its ledger step, audit row and mail. */
export async function paidStep(
  deps: PayoutDeps,
  admin: Actor,
  payout: repo.PayoutRow,
  paid: { method: PayoutMethod; reference: string; accountId: string | null; claim: string | null },
) {
  return deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await repo.updatePayoutFrom(trx, payout.id, ['processing'], paid.claim, {
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
    await recordStep(trx, admin, payout, {
      kind: 'pay',
      amountMinor: 0,
      note: `${paid.method}: ${paid.reference}`,
      now,
      action: 'payout.paid',
      before: { status: 'processing' },
      after: { status: 'paid', method: paid.method, reference: paid.reference, accountId: paid.accountId },
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
      `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was paid`,
      `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was approved and paid. ${how}`,
    );
    return true;
  });
}

/**
 * An admin approves a payout: paid by hand with a reference now, or through the gateway (a Route
 * transfer to the creator's linked account, or the test gateway in demo mode) by the payout-transfer
 * job, which retries (decision 070). The payout is `processing` until that job has paid it. Calling
 * it again for a processing payout whose transfer is not in hand queues its transfer again; a paid
 * payout is answered as it is.
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
  if (payout.status !== 'requested' && payout.status !== 'processing')
    throw validation(PAYOUT_MESSAGES.notOpen);
  if (payout.claim !== null) throw validation(PAYOUT_MESSAGES.inProgress);

  const gateway = deps.gateway;
  const account = (await repo.findAccount(deps.db, payout.creator_id))?.razorpay_account_id ?? null;
  if (input.method === 'gateway') {
    if (!gateway) throw validation(PAYOUT_MESSAGES.noGateway);
    if (gateway.kind === 'razorpay' && !account) throw validation(PAYOUT_MESSAGES.noAccount);
  }
  const method: PayoutMethod = input.method === 'manual' ? 'manual' : gateway!.kind;
  if (payout.status === 'requested') {
    await approveStep(deps, admin, payout, method);
  } else if (input.method === 'gateway') {
    // The admin's retry of a transfer whose job gave up (or never ran): one more job.
    await deps.db.transaction().execute(async (trx) => {
      if (await repo.setProcessingMethod(trx, id, method, nowIso()))
        await queueTransfer(deps, trx, id, admin.id);
    });
  }
  const current = (await repo.findPayout(deps.db, id))!;
  if (current.status !== 'processing') {
    if (current.status === 'paid') return adminPayout(deps.db, id);
    throw validation(PAYOUT_MESSAGES.notOpen);
  }
  if (input.method === 'manual') {
    const paid = await paidStep(deps, admin, current, {
      method,
      reference: input.reference,
      accountId: null,
      claim: null,
    });
    if (!paid) throw validation(PAYOUT_MESSAGES.inProgress);
  }
  deps.jobs.notify(PAYOUT_TRANSFER_QUEUE);
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
    const moved = await repo.updatePayoutFrom(trx, id, ['requested', 'processing'], null, {
      status: 'rejected',
      note: reason,
      decided_at: now,
      decided_by: admin.id,
      updated_at: now,
    });
    if (!moved) return false;
    await recordStep(trx, admin, payout, {
      kind: 'release',
      amountMinor: payout.amount_minor,
      note: reason,
      now,
      action: 'payout.reject',
      before: { status: payout.status },
      after: { status: 'rejected', reason },
    });
    await mailCreator(
      deps,
      trx,
      payout,
      `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was not approved`,
      `Your payout request of ${formatMoney(payout.amount_minor, payout.currency)} was rejected: ${reason}\n\nThe amount is back in your available balance.`,
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
