import { type PaymentRecord, type PaymentStatus } from '../../../shared/billing';
import { fromMinor, storedMinor } from '../../lib/money';
import { type BillingDeps, asBilling } from './deps';
import * as repo from './repository';

/** What a user sees of their own payments and purchases (the account's billing history). */

function describe(p: repo.PaymentWithNames): string {
  if (p.kind === 'prompt') return `Prompt: ${p.prompt_title ?? 'a removed prompt'}`;
  return `${p.plan_name ?? 'Plan'} plan, billed ${asBilling(p.billing) === 'annual' ? 'annually' : 'monthly'}`;
}

export function toRecord(p: repo.PaymentWithNames): PaymentRecord {
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

export async function history(deps: Pick<BillingDeps, 'db'>, userId: string) {
  return { payments: (await repo.listUserPayments(deps.db, userId)).map(toRecord) };
}

export async function purchases(deps: Pick<BillingDeps, 'db'>, userId: string) {
  const rows = await repo.listOwnedPrompts(deps.db, userId);
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
}
