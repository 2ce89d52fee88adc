import { describe, expect, it } from 'vitest';
import { bestAnnualSaving, isFreePlan, perMonthMinor, priceView } from './price';

const premium = { priceMinor: { monthly: 1900, yearly: 18240 } };
const free = { priceMinor: { monthly: 0, yearly: 0 } };

describe('plan prices', () => {
  it('shows the monthly price when billed monthly', () => {
    expect(priceView(premium, 'monthly')).toEqual({
      mainMinor: 1900,
      wasMinor: null,
      chargeMinor: 1900,
      period: 'monthly',
    });
  });

  it('shows the yearly charge and what a month comes to when billed annually', () => {
    expect(priceView(premium, 'annual')).toEqual({
      mainMinor: 1520,
      wasMinor: 1900,
      chargeMinor: 18240,
      period: 'annual',
    });
    expect(priceView({ priceMinor: { monthly: 9900, yearly: 95040 } }, 'annual').mainMinor).toBe(7920);
  });

  it('does not strike a monthly price an annual plan does not beat', () => {
    expect(priceView({ priceMinor: { monthly: 1000, yearly: 12000 } }, 'annual').wasMinor).toBeNull();
  });

  it('falls back to monthly billing for a plan with no yearly price', () => {
    expect(priceView({ priceMinor: { monthly: 500, yearly: 0 } }, 'annual')).toMatchObject({
      mainMinor: 500,
      period: 'monthly',
    });
  });

  it('reads a free plan as free forever in both periods', () => {
    expect(isFreePlan(free)).toBe(true);
    expect(isFreePlan(premium)).toBe(false);
    expect(priceView(free, 'annual')).toEqual({
      mainMinor: 0,
      wasMinor: null,
      chargeMinor: null,
      period: 'forever',
    });
  });

  it('rounds the per-month equivalent to the cent', () => {
    expect(perMonthMinor(18240)).toBe(1520);
    expect(perMonthMinor(10000)).toBe(833);
  });
});

describe("the toggle's saving", () => {
  it('is the best saving the plans offer, from the prices', () => {
    expect(bestAnnualSaving([{ annualSavingPercent: 0 }, { annualSavingPercent: 20 }])).toBe(20);
    expect(bestAnnualSaving([{ annualSavingPercent: 15 }, { annualSavingPercent: 25 }])).toBe(25);
  });

  it('is 0 (hidden) when no plan saves anything or there are no plans', () => {
    expect(bestAnnualSaving([{ annualSavingPercent: 0 }])).toBe(0);
    expect(bestAnnualSaving([])).toBe(0);
  });
});
