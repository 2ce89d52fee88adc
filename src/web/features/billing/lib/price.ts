import type { BillingPeriod, Plan } from '@shared/billing';

export type { BillingPeriod };

/** A plan with nothing to pay in either period. */
export const isFreePlan = (plan: Pick<Plan, 'priceMinor'>) =>
  plan.priceMinor.monthly <= 0 && plan.priceMinor.yearly <= 0;

/** The per-month equivalent of a yearly price, in minor units (rounded to the cent). */
export function perMonthMinor(yearlyMinor: number): number {
  return Math.round(yearlyMinor / 12);
}

/**
 * The toggle's 'Save N%': the best saving any plan offers, as the server computed it from the prices
 * (spec section 9 says 20%; the figure follows whatever the plans in the database say). 0 hides it.
 */
export function bestAnnualSaving(plans: readonly Pick<Plan, 'annualSavingPercent'>[]): number {
  return plans.reduce((best, plan) => Math.max(best, plan.annualSavingPercent), 0);
}

export interface PriceView {
  /** The big figure: the monthly price, or for annual billing what a month comes to. */
  mainMinor: number;
  /** The monthly price struck through beside an annual price that is cheaper per month. */
  wasMinor: number | null;
  /** What is charged and how often, in minor units; null for a free plan. */
  chargeMinor: number | null;
  period: BillingPeriod | 'forever';
}

/** How a plan's price reads for the chosen billing period (the card writes the words). */
export function priceView(plan: Pick<Plan, 'priceMinor'>, period: BillingPeriod): PriceView {
  if (isFreePlan(plan)) return { mainMinor: 0, wasMinor: null, chargeMinor: null, period: 'forever' };
  const { monthly, yearly } = plan.priceMinor;
  if (period === 'annual' && yearly > 0) {
    const perMonth = perMonthMinor(yearly);
    return {
      mainMinor: perMonth,
      wasMinor: monthly > perMonth ? monthly : null,
      chargeMinor: yearly,
      period: 'annual',
    };
  }
  return { mainMinor: monthly, wasMinor: null, chargeMinor: monthly, period: 'monthly' };
}
