/** Annual billing takes 20% off twelve months of the monthly price (spec section 9). */
export const ANNUAL_DISCOUNT_PERCENT = 20;

export type BillingPeriod = 'monthly' | 'annual';

/** The per-month price of an annual plan, in minor units (cents). */
export function annualMonthlyMinor(monthlyMinor: number): number {
  return Math.round((monthlyMinor * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** What an annual plan charges once a year, in minor units. */
export function annualTotalMinor(monthlyMinor: number): number {
  return annualMonthlyMinor(monthlyMinor) * 12;
}
