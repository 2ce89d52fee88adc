import {
  type PriceProblem,
  paymentAmountProblem,
  planPriceProblem,
  promptPriceProblem,
} from '../../shared/pricing';
import { AppError } from './errors';

/** Money is stored as integer minor units (cents); the API also gives major units for display. */
export const fromMinor = (minor: number): number => storedMinor(minor) / 100;
export const toMinor = (major: number): number => Math.round(major * 100);

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount from minor units as e-mails and activity lines write it, en-US: 1900, 'USD' → '$19.00'. */
export function formatMoney(minor: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format)
    moneyFormats.set(currency, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency })));
  return format.format(fromMinor(minor));
}

/**
 * A stored amount as the safe integer every answer's schema expects. A row written before migration
 * 0021's constraints (a REAL 1e302 in SQLite) must not make a read fail: one bad row would take a
 * whole list down (issue 51).
 */
export function storedMinor(value: number | string | bigint): number {
  const n = Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n)));
}

function refuse(problem: PriceProblem | null): void {
  if (problem) {
    throw new AppError('VALIDATION_ERROR', problem.message, {
      details: [{ field: problem.field, message: problem.message }],
    });
  }
}

/** Refuses a prompt row (the stored one with the write's changes) that breaks the price rule. */
export const assertPromptPrice = (row: { type: string; price_minor: number }) =>
  refuse(promptPriceProblem({ premium: row.type === 'premium', priceMinor: row.price_minor }));

/** Refuses a plan row (the stored one with the write's changes) that breaks the price rule. */
export const assertPlanPrices = (row: { price_monthly_minor: number; price_yearly_minor: number }) =>
  refuse(planPriceProblem({ monthlyMinor: row.price_monthly_minor, yearlyMinor: row.price_yearly_minor }));

/** Refuses an order whose amount no payment may have. */
export const assertPaymentAmount = (amountMinor: number) => refuse(paymentAmountProblem(amountMinor));
