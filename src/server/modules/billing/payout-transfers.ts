import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PAYOUT_MESSAGES } from '../../../shared/payouts';
import type { DB } from '../../db/types';
import type { JobRun } from '../../jobs/types';
import { recordAudit } from '../../lib/audit';
import { newId, nowIso } from '../../lib/time';
import { mailCreator, paidStep } from './payout-decisions';
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
  const back =
    outcome === 'failed'
      ? payout.amount_minor
      : Math.min(payout.amount_minor, t.amount_reversed || payout.amount_minor);
  // A failed transfer may be reported before the job recorded it paid; a reversal follows a payment.
  const from = outcome === 'failed' ? ['processing', 'paid'] : ['paid'];
  await repo.lockCreator(trx, payout.creator_id, now);
  const reason = t.error?.description ?? t.error?.reason ?? null;
  const amount = formatMoney(back, payout.currency);
  const note =
    outcome === 'failed'
      ? `The transfer failed at the gateway${reason ? `: ${reason}` : ''}; ${amount} went back to the available balance.`
      : `The transfer was reversed at the gateway; ${amount} went back to the available balance.`;
  if (!(await repo.endTransfer(trx, payout.id, from, { status: outcome, reference: t.id, note, now }))) {
    return false;
  }
  const credited = await repo.insertEntry(trx, {
    id: newId(),
    payoutId: payout.id,
    creatorId: payout.creator_id,
    kind: 'reverse',
    amountMinor: back,
    currency: payout.currency,
    actorId: null,
    note: `${type}: ${t.id}`,
    now,
  });
  // The status moved, so the entry cannot exist yet; if it does the two disagree: undo both.
  if (!credited) throw new Error(`payout ${payout.id} already has a reverse entry`);
  await recordAudit(trx, {
    actor: GATEWAY_ACTOR,
    action: outcome === 'failed' ? 'payout.failed' : 'payout.reversed',
    targetType: 'payout',
    targetId: payout.id,
    before: { status: payout.status },
    after: { status: outcome, transferId: t.id, returnedMinor: back, event: type },
  });
  await mailCreator(
    deps,
    trx,
    payout,
    outcome === 'failed'
      ? `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} did not go through`
      : `Your payout of ${formatMoney(payout.amount_minor, payout.currency)} was reversed`,
    note,
  );
  return true;
}
