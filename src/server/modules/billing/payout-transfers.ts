import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type AdminPayout, PAYOUT_MESSAGES } from '../../../shared/payouts';
import type { DB } from '../../db/types';
import type { JobRun } from '../../jobs/types';
import type { GatewayReversal } from '../../integrations/payments/gateway';
import { recordAudit } from '../../lib/audit';
import { AppError, fieldError, notFound, validation } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import { adminPayout, mailCreator, paidStep } from './payout-decisions';
import { type PayoutDeps, type PayoutTransferJob, adminEmail } from './payouts';
import { formatMoney } from '../../lib/money';
import * as repo from './repository/payouts';

/*
 * A gateway payout's transfer, both ways (decision 070). Out: the payout-transfer job sends an
 * approved payout's Route transfer (or the test gateway's) with the payout id as its idempotency
 * key, and the job queue retries it with backoff, once across instances; the payout is `processing`
 * until then. Back: Razorpay's webhook reports a transfer failed (`transfer.failed`) or reversed (a
 * transfer entity whose status or `amount_reversed` says so); the payout is marked so and the amount
 * returns to the creator's balance through a `reverse` ledger entry, which the database keeps once.
 */

/** The fields of Razorpay's transfer entity that are read (payload.transfer.entity of a transfer event). */
export const TransferEntitySchema = z.object({
  id: z.string().max(100).nullish(),
  status: z.string().max(40).nullish(),
  amount: z.number().nullish(),
  amount_reversed: z.number().nullish(),
  currency: z.string().max(10).nullish(),
  // Razorpay sends `[]` for a transfer without notes, an object otherwise.
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  error: z
    .object({ description: z.string().nullish(), reason: z.string().nullish() })
    .passthrough()
    .nullish(),
});
export type TransferEntity = z.infer<typeof TransferEntitySchema>;

const GATEWAY_ACTOR = { id: null, email: 'razorpay-webhook' };

/** Sends a processing payout's transfer: the payout-transfer job's handler. Throws to be retried. */
export async function sendTransfer(deps: PayoutDeps, job: JobRun<PayoutTransferJob>): Promise<void> {
  const payout = await repo.findPayout(deps.db, job.data.payoutId);
  // Paid by hand, rejected or settled by a webhook meanwhile: nothing left to send.
  if (!payout || payout.status !== 'processing' || payout.method === 'manual') return;
  const gateway = deps.gateway;
  if (!gateway) throw new Error('no payment gateway is configured');
  const account = (await repo.findAccount(deps.db, payout.creator_id))?.razorpay_account_id ?? null;
  if (gateway.kind === 'razorpay' && !account) throw new Error('the creator has no Razorpay linked account');
  const admin = { id: job.data.adminId, ip: null };
  // The job's own id: its retry after a crash may take the payout again; nobody else can.
  const marker = `job:${job.id}`;
  if (!(await repo.claimTransfer(deps.db, payout.id, marker, nowIso()))) {
    if ((await repo.findPayout(deps.db, payout.id))?.status !== 'processing') return;
    throw new Error('another transfer of this payout is in hand');
  }
  let transferId: string;
  try {
    const transfer = await gateway.transfer({
      accountId: account ?? '',
      amountMinor: payout.amount_minor,
      currency: payout.currency,
      // The payout's id: a retry after a lost answer gets the first transfer back, never a second.
      idempotencyKey: payout.id,
      notes: { payoutId: payout.id },
    });
    transferId = transfer.id;
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'transfer failed';
    await deps.db.transaction().execute(async (trx) => {
      await repo.releaseTransfer(trx, payout.id, marker, PAYOUT_MESSAGES.transferFailed, nowIso());
      await recordAudit(trx, {
        actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
        action: 'payout.transfer_failed',
        targetType: 'payout',
        targetId: payout.id,
        after: { status: 'processing', error: reason.slice(0, 300), try: job.retryCount + 1 },
      });
      // The creator hears once that it was approved and is on its way, when it did not go at once.
      if (job.retryCount === 0) {
        await mailCreator(
          deps,
          trx,
          payout,
          `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was approved`,
          `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was approved. We will tell you when it is paid.`,
        );
      }
    });
    deps.mailer.wake();
    throw err;
  }
  await paidStep(deps, admin, payout, {
    method: gateway.kind,
    reference: transferId,
    accountId: gateway.kind === 'razorpay' ? account : null,
    claim: marker,
  });
  deps.mailer.wake();
}

/** What a transfer event says became of the transfer: failed, reversed (in part or whole), or neither. */
function outcomeOf(type: string, t: TransferEntity): 'failed' | 'reversed' | null {
  if (type === 'transfer.failed' || t.status === 'failed') return 'failed';
  if (
    type === 'transfer.reversed' ||
    t.status === 'reversed' ||
    t.status === 'partially_reversed' ||
    (t.amount_reversed ?? 0) > 0
  ) {
    return 'reversed';
  }
  return null;
}

/**
 * A transfer event from Razorpay's webhook, in the webhook's transaction (whose event id is recorded
 * once): a failed or reversed transfer ends its payout and gives the amount back to the creator's
 * balance, with an audit row and a notice. False when it changed nothing (not ours, already done).
 */
export async function applyTransferEvent(
  deps: Pick<PayoutDeps, 'log' | 'mailer' | 'publicUrl'>,
  trx: Kysely<DB>,
  type: string,
  t: TransferEntity,
  now: string,
): Promise<boolean> {
  const outcome = outcomeOf(type, t);
  if (!outcome || !t.id) return false;
  const notes = t.notes && !Array.isArray(t.notes) ? t.notes : {};
  const payoutId = typeof notes.payoutId === 'string' ? notes.payoutId : null;
  const payout = await repo.findTransferPayout(trx, t.id, payoutId);
  if (!payout) {
    deps.log.warn({ event: type, transferId: t.id }, 'transfer event for no payout we know');
    return false;
  }
  if (
    (payout.reference !== null && payout.reference !== t.id) ||
    (t.amount ?? payout.amount_minor) !== payout.amount_minor
  ) {
    deps.log.error(
      { event: type, transferId: t.id, payoutId: payout.id },
      'transfer event does not match its payout',
    );
    return false;
  }
  let target: number;
  if (outcome === 'failed') target = payout.amount_minor;
  else if ((t.amount_reversed ?? 0) > 0) target = Math.min(payout.amount_minor, t.amount_reversed!);
  else if (t.status === 'reversed' || type === 'transfer.reversed') target = payout.amount_minor;
  // Partially reversed without saying how much: nothing to credit until an event says it.
  else return false;
  return creditReturn(deps, trx, payout.id, {
    outcome,
    target,
    reference: t.id,
    reason: t.error?.description ?? t.error?.reason ?? null,
    actor: GATEWAY_ACTOR,
    event: type,
    now,
  });
}

/**
 * Gives back to the creator's balance what the gateway says came back of a payout, as a merged state:
 * `target` is the total returned (all of a failed transfer, the transfer's amount_reversed), and only
 * the part above what is recorded is credited, under the creator's payout lock. Replays, older events
 * after newer ones and deliveries at once therefore credit the gateway's total exactly once, never
 * more than the payout (the database also keeps amount_reversed within it). False when nothing grew.
 */
export async function creditReturn(
  deps: Pick<PayoutDeps, 'mailer' | 'publicUrl'>,
  trx: Kysely<DB>,
  payoutId: string,
  r: {
    outcome: 'failed' | 'reversed';
    target: number;
    reference: string;
    reason: string | null;
    actor: { id: string | null; email: string };
    event: string;
    ip?: string | null;
    now: string;
  },
): Promise<boolean> {
  const seen = await repo.findPayout(trx, payoutId);
  if (!seen) return false;
  await repo.lockCreator(trx, seen.creator_id, r.now);
  // Read again under the lock: another delivery may have credited meanwhile.
  const payout = (await repo.findPayout(trx, payoutId))!;
  // A failed transfer may be reported before the job recorded it paid; a reversal follows a payment.
  const from = r.outcome === 'failed' ? ['processing', 'paid'] : ['paid', 'reversed'];
  const target = Math.min(payout.amount_minor, r.target);
  const was = payout.amount_reversed;
  if (!from.includes(payout.status) || target <= was) return false;
  const back = target - was;
  const amount = formatMoney(back, payout.currency);
  const total = formatMoney(target, payout.currency);
  const whole = formatMoney(payout.amount_minor, payout.currency);
  const note =
    r.outcome === 'failed'
      ? `The transfer failed at the gateway${r.reason ? `: ${r.reason}` : ''}; ${amount} went back to the available balance.`
      : target === payout.amount_minor && was === 0
        ? `The transfer was reversed at the gateway; ${amount} went back to the available balance.`
        : target === payout.amount_minor
          ? `The rest of the ${whole} transfer was reversed at the gateway; ${amount} more went back to the available balance.`
          : `${total} of the ${whole} transfer was reversed at the gateway; ${amount} went back to the available balance.`;
  const moved = await repo.moveReversed(trx, payout.id, from, was, {
    status: r.outcome,
    reversed: target,
    reference: r.reference,
    note,
    now: r.now,
  });
  if (!moved) return false;
  await repo.setReverseEntry(trx, {
    id: newId(),
    payoutId: payout.id,
    creatorId: payout.creator_id,
    total: target,
    currency: payout.currency,
    actorId: r.actor.id,
    note: `${r.event}: ${r.reference}`,
    now: r.now,
  });
  await recordAudit(trx, {
    actor: r.actor,
    action: r.outcome === 'failed' ? 'payout.failed' : 'payout.reversed',
    targetType: 'payout',
    targetId: payout.id,
    before: { status: payout.status, reversedMinor: was },
    after: {
      status: r.outcome,
      transferId: r.reference,
      returnedMinor: back,
      reversedMinor: target,
      event: r.event,
    },
    ip: r.ip ?? null,
  });
  await mailCreator(
    deps,
    trx,
    payout,
    r.outcome === 'failed'
      ? `Your payout of ${whole} did not go through`
      : target === payout.amount_minor
        ? `Your payout of ${whole} was reversed`
        : `${total} of your payout of ${whole} was reversed`,
    note,
  );
  return true;
}

/**
 * An admin reverses a paid gateway payout's transfer, all that is left of it or `amountMinor` of it,
 * through the gateway's reversal API (Route's POST /v1/transfers/:id/reversals). The payout is held
 * while the reversal is sent, so two admins cannot reverse it at once; the answer is applied like a
 * webhook's merged state (what was reversed before plus this reversal, credited only above what is
 * recorded), so a webhook carrying the same reversal, before or after, credits it once.
 */
export async function reversePayout(
  deps: PayoutDeps,
  admin: { id: string; ip: string | null },
  id: string,
  input: { amountMinor?: number | undefined },
): Promise<{ payout: AdminPayout; returnedMinor: number }> {
  const payout = await repo.findPayout(deps.db, id);
  if (!payout) throw notFound(PAYOUT_MESSAGES.notFound);
  if (
    (payout.status !== 'paid' && payout.status !== 'reversed') ||
    (payout.method !== 'razorpay' && payout.method !== 'test') ||
    !payout.reference
  ) {
    throw validation(PAYOUT_MESSAGES.notReversible);
  }
  const gateway = deps.gateway;
  if (!gateway || gateway.kind !== payout.method) throw validation(PAYOUT_MESSAGES.noGateway);
  const left = payout.amount_minor - payout.amount_reversed;
  if (left <= 0) throw validation(PAYOUT_MESSAGES.nothingLeft);
  const amount = input.amountMinor ?? left;
  if (amount > left) {
    throw fieldError('amountMinor', PAYOUT_MESSAGES.reverseTooMuch(formatMoney(left, payout.currency)));
  }
  const marker = `reverse:${newId()}`;
  if (!(await repo.claimReversal(deps.db, id, marker, nowIso())))
    throw validation(PAYOUT_MESSAGES.inProgress);
  // Read under the hold: what was reversed before this reversal, the base its answer adds to.
  const held = (await repo.findPayout(deps.db, id))!;
  if (amount > held.amount_minor - held.amount_reversed) {
    await repo.releaseTransfer(deps.db, id, marker, null, nowIso());
    throw fieldError(
      'amountMinor',
      PAYOUT_MESSAGES.reverseTooMuch(formatMoney(held.amount_minor - held.amount_reversed, held.currency)),
    );
  }
  let reversal: GatewayReversal;
  try {
    reversal = await gateway.reverseTransfer(held.reference!, amount, { payoutId: id });
  } catch (err) {
    await repo.releaseTransfer(deps.db, id, marker, null, nowIso());
    deps.log.warn({ err, payoutId: id }, 'transfer reversal failed');
    throw new AppError('PAYMENT_ERROR', PAYOUT_MESSAGES.reverseFailed, { cause: err });
  }
  const returned = await deps.db.transaction().execute(async (trx) => {
    await creditReturn(deps, trx, id, {
      outcome: 'reversed',
      target: held.amount_reversed + Math.min(amount, Number(reversal.amount) || amount),
      reference: held.reference!,
      reason: null,
      actor: { id: admin.id, email: await adminEmail(trx, admin.id) },
      event: `admin reversal ${reversal.id}`,
      ip: admin.ip,
      now: nowIso(),
    });
    await repo.releaseTransfer(trx, id, marker, null, nowIso());
    // This reversal's part, whether this answer or a webhook carrying it credited it.
    return (await repo.findPayout(trx, id))!.amount_reversed - held.amount_reversed;
  });
  deps.mailer.wake();
  return { payout: await adminPayout(deps.db, id), returnedMinor: returned };
}
