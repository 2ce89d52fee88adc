import { z } from 'zod';
import { REFUND_WINDOW_DAYS } from './billing';
import { limitParam, pageParam } from './paging';

/*
 * Creator payouts (issue 57, decision 056). A sale's share is pending while its buyer may still be
 * refunded (the refund window), then available; a creator asks for part of what is available, an
 * admin approves and it is paid (a Razorpay Route transfer, the test gateway, or by hand with a
 * reference) or rejects it with a reason. Money is integer minor units per currency.
 */

/** Days a sale stays pending: the admin's refund window (product decisions: 30 days). */
export const PAYOUT_PENDING_DAYS = REFUND_WINDOW_DAYS;
/** The least payout when an admin has set none: 10.00 of the currency. */
export const DEFAULT_PAYOUT_THRESHOLD_MINOR = 1000;
/** Razorpay moves nothing below 1.00; the threshold cannot be set lower. */
export const PAYOUT_THRESHOLD_MIN_MINOR = 100;
export const PAYOUT_AMOUNT_MAX_MINOR = 100_000_000;

/**
 * `processing`: approved for the gateway, its transfer job not yet done (decision 070); `failed` and
 * `reversed`: the gateway reported the transfer failed or reversed, and the amount is back in the balance.
 */
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'rejected', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_METHODS = ['razorpay', 'test', 'manual'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A Razorpay Route linked account id, as its dashboard shows it. */
export const RAZORPAY_ACCOUNT_PATTERN = /^acc_[A-Za-z0-9]{14}$/;

export const PAYOUT_MESSAGES = {
  requested: 'Payout requested. An admin will review it.',
  belowThreshold: (least: string) => `The least payout is ${least}.`,
  overAvailable: (available: string) => `You can ask for at most ${available}, your available balance.`,
  negative: (balance: string) =>
    `Your balance is ${balance} after a refund of a sale already paid out; payouts resume once later sales make up for it.`,
  noneAvailable: 'Nothing is available to pay out yet.',
  notFound: 'Payout not found',
  notOpen: 'This payout has already been decided.',
  inProgress: 'A transfer of this payout is already in progress.',
  noAccount: 'This creator has not given a Razorpay linked account; pay by hand with a reference instead.',
  noGateway: 'No payment gateway is configured; pay by hand with a reference instead.',
  transferFailed:
    'The payment gateway could not make this transfer. Try again (a retry never pays twice), or check the Razorpay dashboard before paying by hand.',
  paid: 'Payout marked paid',
  queued: 'Payout approved: the transfer is being sent',
  rejected: 'Payout rejected',
  notReversible: 'Only a paid gateway transfer can be reversed.',
  nothingLeft: 'This transfer is already reversed in full.',
  reverseTooMuch: (left: string) => `You can reverse at most ${left}, what is left of this transfer.`,
  reversed: (amount: string) => `Transfer reversed: ${amount} is back in the creator's balance`,
  reverseFailed:
    'The payment gateway could not reverse this transfer. Check the Razorpay dashboard and try again.',
} as const;

const amountMinor = z
  .number({ error: 'Amount must be a number' })
  .int('Amount must be whole cents')
  .min(1, 'Amount must be more than 0')
  .max(PAYOUT_AMOUNT_MAX_MINOR, 'Amount is too large');

export const RequestPayoutSchema = z.object({
  amountMinor,
  currency: z
    .string({ error: 'Currency is required' })
    .trim()
    .max(3, 'Currency must be a three-letter code')
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code'),
});
export type RequestPayoutInput = z.infer<typeof RequestPayoutSchema>;

export const PayoutAccountSchema = z.object({
  razorpayAccountId: z
    .string()
    .trim()
    .max(40, 'A Razorpay linked account id looks like acc_ and 14 letters or digits')
    .refine(
      (v) => v === '' || RAZORPAY_ACCOUNT_PATTERN.test(v),
      'A Razorpay linked account id looks like acc_ and 14 letters or digits',
    )
    .transform((v) => v || null),
});

export const PayoutSchema = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** What came back to the balance: all of a failed transfer, what was reversed of a paid one. */
  amountReversedMinor: z.number().int(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  reference: z.string().nullable(),
  /** The rejection reason, why the last transfer failed, or what the gateway reported. */
  note: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutBalanceSchema = z.object({
  currency: z.string(),
  /** Settled earnings less payouts asked for; negative after a refund of a sale already paid out. */
  availableMinor: z.number().int(),
  /** Sales (net of their refunds) still inside the refund window. */
  pendingMinor: z.number().int(),
  /** Requested or processing, not yet paid. */
  inProgressMinor: z.number().int(),
  paidMinor: z.number().int(),
  thresholdMinor: z.number().int(),
  /** When the oldest pending sale becomes available, if any. */
  nextAvailableAt: z.string().nullable(),
});
export type PayoutBalance = z.infer<typeof PayoutBalanceSchema>;

export const PayoutOverviewSchema = z.object({
  pendingDays: z.number().int(),
  /** How an approved payout reaches the creator on this site. */
  gateway: z.enum(['razorpay', 'test', 'off']),
  razorpayAccountId: z.string().nullable(),
  balances: z.array(PayoutBalanceSchema),
  payouts: z.array(PayoutSchema),
});
export type PayoutOverview = z.infer<typeof PayoutOverviewSchema>;

export const AdminPayoutSchema = PayoutSchema.extend({
  creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  accountId: z.string().nullable(),
  /** The creator's available balance in this currency now (may be negative). */
  availableMinor: z.number().int(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

export const AdminPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  page: pageParam(100_000),
  limit: limitParam(100, 20),
});
export const AdminPayoutListSchema = z.object({
  payouts: z.array(AdminPayoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  gateway: z.enum(['razorpay', 'test', 'off']),
  thresholds: z.array(z.object({ currency: z.string(), thresholdMinor: z.number().int() })),
});

export const PayoutIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ApprovePayoutSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('gateway') }),
    z.object({
      method: z.literal('manual'),
      reference: z
        .string({ error: 'Reference is required' })
        .trim()
        .min(1, 'Reference is required')
        .max(200, 'Reference must be at most 200 characters'),
    }),
  ],
  { error: 'Method must be gateway or manual' },
);
export type ApprovePayoutInput = z.infer<typeof ApprovePayoutSchema>;

/** An admin reverses a paid gateway transfer: all that is left of it, or `amountMinor` of it. */
export const ReversePayoutSchema = z.object({ amountMinor: amountMinor.optional() });
export type ReversePayoutInput = z.infer<typeof ReversePayoutSchema>;

export const RejectPayoutSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});

export const PayoutThresholdSchema = z.object({
  currency: z
    .string()
    .trim()
    .max(3, 'Currency must be a three-letter code')
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code'),
  thresholdMinor: z
    .number({ error: 'Threshold must be a number' })
    .int('Threshold must be whole cents')
    .min(PAYOUT_THRESHOLD_MIN_MINOR, 'The least payout cannot be below 1.00, the least the gateway moves')
    .max(PAYOUT_AMOUNT_MAX_MINOR, 'Threshold is too large'),
});
