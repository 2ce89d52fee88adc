/*
 * The one owner of price validity (style rule 12, decision 042). Every write that sets a prompt's type
 * or price, a plan's prices or a payment's amount asks these functions about the row it will store:
 * the merged result of the request and the stored row, never the request alone. Migration 0021 holds
 * the database to the same rules with CHECK constraints. Money is integer minor units (cents).
 */

/**
 * The least one payment may be: Razorpay refuses an order below 1.00 of its currency ("The amount
 * must be at least USD 1.00"), so no price below it could ever be paid.
 */
export const GATEWAY_MIN_MINOR = 100;

/** A paid prompt's price bounds (issue 6's, raised to the gateway's least), in dollars as forms show them. */
export const PRICE_MIN = 1;
export const PRICE_MAX = 999.99;
export const PROMPT_PRICE_MIN_MINOR = GATEWAY_MIN_MINOR;
export const PROMPT_PRICE_MAX_MINOR = 99_999;

/** A plan's monthly or annual price, at most (the admin form's bound). */
export const PLAN_PRICE_MAX = 1_000_000;
export const PLAN_PRICE_MAX_MINOR = PLAN_PRICE_MAX * 100;

/** The largest amount one payment may be: a plan's largest price (prompts cost far less). */
export const PAYMENT_MAX_MINOR = PLAN_PRICE_MAX_MINOR;

export const PRICE_MESSAGES = {
  prompt: `Paid prompts cost between $${PRICE_MIN.toFixed(2)} and $${PRICE_MAX} (whole cents)`,
  freePrompt: 'A free prompt has no price',
  /** Spec section 5, Plan save. */
  planMonthly: 'Monthly price must be a valid number >= 0.',
  planYearly: 'Annual price must be a valid number >= 0.',
  freePlanYearly: 'A free plan (monthly price 0) cannot have an annual price.',
  planMinimum: `A paid plan costs at least $${PRICE_MIN.toFixed(2)}, the least the payment gateway takes.`,
  amount: 'This amount cannot be charged.',
} as const;

/** Dollars to cents, exactly: NaN when the value is not a finite number of whole cents (1.999). */
export function toMinorExact(major: number): number {
  if (typeof major !== 'number' || !Number.isFinite(major)) return Number.NaN;
  const minor = major * 100;
  const whole = Math.round(minor);
  // 1.13 * 100 is 112.99999999999999 in binary floating point: that is still 113 cents.
  return Math.abs(minor - whole) < 1e-6 ? whole : Number.NaN;
}

const wholeBetween = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;

export interface PriceProblem {
  field: 'price' | 'price.monthly' | 'price.yearly' | 'amount';
  message: string;
}

/** A prompt as it will be stored: premium exactly when it has a price, and the price in bounds. */
export function promptPriceProblem(p: { premium: boolean; priceMinor: number }): PriceProblem | null {
  if (p.premium) {
    return wholeBetween(p.priceMinor, PROMPT_PRICE_MIN_MINOR, PROMPT_PRICE_MAX_MINOR)
      ? null
      : { field: 'price', message: PRICE_MESSAGES.prompt };
  }
  return p.priceMinor === 0 ? null : { field: 'price', message: PRICE_MESSAGES.freePrompt };
}

/**
 * A plan as it will be stored: each price 0 or whole cents from the gateway's least to the bound
 * (an annual price of 0 means monthly billing only), and a free plan free both ways.
 */
export function planPriceProblem(p: { monthlyMinor: number; yearlyMinor: number }): PriceProblem | null {
  for (const [field, minor, message] of [
    ['price.monthly', p.monthlyMinor, PRICE_MESSAGES.planMonthly],
    ['price.yearly', p.yearlyMinor, PRICE_MESSAGES.planYearly],
  ] as const) {
    if (!wholeBetween(minor, 0, PLAN_PRICE_MAX_MINOR)) return { field, message };
    if (minor > 0 && minor < GATEWAY_MIN_MINOR) return { field, message: PRICE_MESSAGES.planMinimum };
  }
  if (p.monthlyMinor === 0 && p.yearlyMinor !== 0)
    return { field: 'price.yearly', message: PRICE_MESSAGES.freePlanYearly };
  return null;
}

/** What one order may charge: whole cents from the gateway's least to the largest price. */
export function paymentAmountProblem(amountMinor: number): PriceProblem | null {
  return wholeBetween(amountMinor, GATEWAY_MIN_MINOR, PAYMENT_MAX_MINOR)
    ? null
    : { field: 'amount', message: PRICE_MESSAGES.amount };
}
