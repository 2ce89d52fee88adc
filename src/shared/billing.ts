import { z } from 'zod';
import { LicenceInfoSchema } from './licences';
import { limitParam, pageParam } from './paging';

/*
 * Billing contracts (spec sections 2 Pricing page, 3 Plan, 4 Billing period and Subscribing, 7 Payment,
 * 8 payment messages, 9 annual saving; product-decisions.md: one currency, the trial, refunds).
 * Money is integer minor units in `...Minor` fields, with major units beside them for display.
 */

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PLAN_ICONS = ['star', 'crown', 'other'] as const;
export type PlanIcon = (typeof PLAN_ICONS)[number];

/** -1 in a limit means unlimited (issue 7). */
export const UNLIMITED = -1;

export const TRIAL_DAYS = 14;
export const REFUND_WINDOW_DAYS = 30;

export const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'canceled', 'expired', 'refunded'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PlanFeatureSchema = z.object({ name: z.string(), included: z.boolean() });
export type PlanFeature = z.infer<typeof PlanFeatureSchema>;

export const PlanModelSchema = z.object({ key: z.string(), name: z.string() });
export type PlanModel = z.infer<typeof PlanModelSchema>;

export const PlanLimitsSchema = z.object({
  /** Playground sessions a month; -1 is unlimited. */
  playgroundSessions: z.number().int(),
  /** People who may share the plan (the spec's Max Users). */
  seats: z.number().int(),
  /** The plan's users may make API keys and use the MCP server. */
  apiAccess: z.boolean(),
  /** A creator's monthly budget for platform test runs, minor units (0: none). */
  testBudgetMinor: z.number().int(),
  /** Playground sessions a month the plan gives a team, shared by its members (decision 064; 0: none). */
  teamSessions: z.number().int(),
  /** The models the plan's playground offers (every configured model unless the admin chose some). */
  models: z.array(PlanModelSchema),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

/** The spec's Plan (section 3) as the public plans endpoint gives it. */
export const PlanSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Major units, as the spec's price {monthly, yearly}. */
  price: z.object({ monthly: z.number(), yearly: z.number() }),
  priceMinor: z.object({ monthly: z.number().int(), yearly: z.number().int() }),
  currency: z.string(),
  features: z.array(PlanFeatureSchema),
  /** What the plan gives, as data the server enforces (issue 59, decision 052). */
  limits: PlanLimitsSchema,
  metadata: z.object({ popular: z.boolean(), order: z.number().int(), icon: z.enum(PLAN_ICONS) }),
  isActive: z.boolean(),
  isVisible: z.boolean(),
  /** The annual saving against twelve monthly payments, in whole percent (0 for free plans). */
  annualSavingPercent: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListSchema = z.object({ plans: z.array(PlanSchema), currency: z.string() });
export type PlanList = z.infer<typeof PlanListSchema>;

/** 'yearly' is accepted too: older clients and the spec's price.yearly use that word. */
const BillingInputSchema = z.preprocess(
  (v) => (v === 'yearly' ? 'annual' : v),
  z.enum(BILLING_PERIODS, { error: 'Billing must be monthly or annual' }),
);

const IdSchema = z.string().trim().min(1).max(100);

/**
 * `{planId, billing}` for a plan or `{promptId}` for a premium prompt (`forTeam` buys it for the
 * caller's team). An `amount` sent by an older
 * client is accepted and ignored: the server prices every order from the database.
 */
export const CreateOrderSchema = z.union(
  [
    z
      .object({
        planId: IdSchema,
        billing: BillingInputSchema.optional().default('monthly'),
        amount: z.unknown().optional(),
      })
      .strict(),
    z
      .object({
        promptId: IdSchema,
        /** Buy it for the caller's team (its owners and admins; decision 063): every member entitled. */
        forTeam: z.boolean().optional(),
        amount: z.unknown().optional(),
      })
      .strict(),
  ],
  { error: 'Send either {planId, billing} or {promptId, forTeam}' },
);
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;

export const GATEWAYS = ['razorpay', 'test'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** What Razorpay Checkout (or the test gateway's dialog) needs to take the payment. */
export const CheckoutOrderSchema = z.object({
  gateway: z.enum(GATEWAYS),
  /** True for the built-in test gateway: the UI says 'Test mode'. */
  testMode: z.boolean(),
  keyId: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  amountMinor: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  name: z.string(),
  description: z.string(),
  /** A prompt's licence, shown before paying (decision 058); null for a plan. */
  licence: LicenceInfoSchema.nullable(),
  prefill: z.object({ name: z.string(), email: z.string() }),
  /** Razorpay Checkout's script, loaded on demand; null for the test gateway. */
  checkoutScriptUrl: z.string().nullable(),
  /** True when this is the buyer's open order for the prompt, handed back instead of a second one. */
  resumed: z.boolean(),
});
export type CheckoutOrder = z.infer<typeof CheckoutOrderSchema>;

const Sig = z.string().trim().min(1, 'Payment details are missing').max(200);
export const VerifyPaymentSchema = z.object({
  razorpay_order_id: Sig,
  razorpay_payment_id: Sig,
  razorpay_signature: Sig,
  // Sent by the spec's pricing page; the stored order is what counts.
  planId: z.string().max(100).optional(),
  billing: z.string().max(20).optional(),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentSchema>;

export const GrantSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('subscription'),
    planId: z.string(),
    planName: z.string(),
    billing: z.enum(BILLING_PERIODS),
    periodEnd: z.string(),
  }),
  z.object({ kind: z.literal('prompt'), promptId: z.string(), promptTitle: z.string() }),
]);
export type Grant = z.infer<typeof GrantSchema>;

export const VerifyResultSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  grant: GrantSchema,
  /**
   * Set when the payment bought nothing (the prompt was owned already, or is gone): it is refunded
   * through the gateway; `done` once the refund is made (a failed attempt is retried).
   */
  refund: z.object({ reason: z.enum(['already_owned', 'unavailable']), done: z.boolean() }).nullable(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

/** Test gateway: the dialog's outcome, signed by the server exactly as Razorpay signs a payment. */
export const TestGatewayPaySchema = z.object({
  orderId: Sig,
  outcome: z.enum(['succeed', 'fail']),
});
export const TestGatewayResultSchema = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});

export const SubscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  billing: z.enum(BILLING_PERIODS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** The signed-in user's billing: current plan (Free when nothing is active), trial eligibility. */
export const BillingOverviewSchema = z.object({
  plan: z.object({ id: z.string().nullable(), name: z.string(), slug: z.string().nullable() }),
  subscription: SubscriptionSchema.nullable(),
  trialAvailable: z.boolean(),
  trialDays: z.number().int(),
  currency: z.string(),
  gateway: z.enum(GATEWAYS),
  testMode: z.boolean(),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

export const PaymentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'prompt']),
  description: z.string(),
  planId: z.string().nullable(),
  promptId: z.string().nullable(),
  billing: z.enum(BILLING_PERIODS).nullable(),
  amountMinor: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.string(),
  orderId: z.string(),
  providerPaymentId: z.string().nullable(),
  refundedMinor: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

export const PaymentHistorySchema = z.object({ payments: z.array(PaymentRecordSchema) });

export const PurchasedPromptSchema = z.object({
  promptId: z.string(),
  title: z.string(),
  category: z.string(),
  authorName: z.string(),
  amountMinor: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  purchasedAt: z.string(),
});
export type PurchasedPrompt = z.infer<typeof PurchasedPromptSchema>;
export const PurchasedPromptListSchema = z.object({ prompts: z.array(PurchasedPromptSchema) });

export const AdminPaymentSchema = PaymentRecordSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** True while an admin may still refund it (captured, within the refund window). */
  refundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  page: pageParam(100_000),
  limit: limitParam(100, 20),
});
export const AdminPaymentListSchema = z.object({
  payments: z.array(AdminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const RefundSchema = z.object({
  reason: z.string().trim().max(500).optional(),
});
export const RefundResultSchema = z.object({ payment: AdminPaymentSchema });

export const PaymentIdParamsSchema = z.object({ id: IdSchema });

/*
 * Endpoints (all under /api; /api/payment/* is an alias of /api/payments/*):
 *   GET  /payments/plans                  PlanList (public)
 *   GET  /payments/me                     BillingOverview
 *   POST /payments/create-order           CreateOrder -> CheckoutOrder
 *   POST /payments/verify                 VerifyPayment -> VerifyResult
 *   POST /payments/test-gateway/pay       TestGatewayPay -> TestGatewayResult (test gateway only; a 'fail'
 *                                         outcome marks the payment failed and answers 402 PAYMENT_ERROR)
 *   POST /payments/webhook                Razorpay webhook (X-Razorpay-Signature over the raw body)
 *   POST /payments/trial                  -> BillingOverview (14-day Premium trial, once per account)
 *   POST /payments/subscription/cancel    -> BillingOverview (records the cancel; the plan runs to its end)
 *   POST /payments/subscription/resume    -> BillingOverview (undoes a cancel before the period ends)
 *   GET  /payments/history                PaymentHistory
 *   GET  /payments/purchases              PurchasedPromptList (bought prompts still owned)
 *   GET  /admin/payments                  AdminPaymentsQuery -> AdminPaymentList (admin)
 *   POST /admin/payments/:id/refund       Refund -> RefundResult (admin, within 30 days, idempotent)
 */

/** The spec's payment messages (section 8). */
export const PAYMENT_MESSAGES = {
  planNotFound: 'Plan not found',
  createOrderFailed: 'Failed to create order',
  verificationFailed: 'Payment verification failed',
  success: (plan: string) => `Welcome to ${plan} plan! Your subscription is now active.`,
  alreadyFree: 'Already on Free Plan',
  noAnnualPrice: 'This plan has no annual price: choose monthly billing.',
  signInToSubscribe: 'Please log in to subscribe to a plan.',
  /** What cancel and resume answer: nothing renews by itself, so only until when the plan runs. */
  activeUntil: (o: { plan: { name: string }; subscription: { periodEnd: string | null } | null }) => {
    const end = o.subscription?.periodEnd;
    const date = end
      ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(end))
      : null;
    return date
      ? `Your ${o.plan.name} plan is active until ${date}. Nothing renews by itself: after that you are on Free.`
      : `Your ${o.plan.name} plan is active.`;
  },
  orderResumed: 'You already have an open order for this prompt: continue it to pay.',
  alreadyOwned: 'You already own this prompt.',
  /** A member buying for themselves a prompt their team owns (decision 063): no second charge. */
  ownedByTeam: 'Your team owns this prompt, so you already have access to it.',
  teamOwns: 'Your team owns this prompt already: every member has access to it.',
  refunded: (title: string, reason: 'already_owned' | 'unavailable', done: boolean) =>
    `${reason === 'already_owned' ? `You already own ${title}` : `${title} is no longer available`}, so this payment ${done ? 'has been' : 'will be'} refunded.`,
} as const;

/** Whole percent saved by paying yearly instead of twelve months (0 when there is nothing to save). */
export function annualSavingPercent(monthlyMinor: number, yearlyMinor: number): number {
  if (monthlyMinor <= 0 || yearlyMinor <= 0) return 0;
  const full = monthlyMinor * 12;
  return Math.max(0, Math.round(((full - yearlyMinor) / full) * 100));
}
