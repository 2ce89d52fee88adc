import { describe, expect, it } from 'vitest';
import { annualMonthlyMinor, annualTotalMinor } from './price';

describe('annual pricing', () => {
  it('takes 20% off the monthly price', () => {
    expect(annualMonthlyMinor(1900)).toBe(1520);
    expect(annualMonthlyMinor(9900)).toBe(7920);
    expect(annualMonthlyMinor(0)).toBe(0);
  });

  it('bills twelve discounted months once a year', () => {
    expect(annualTotalMinor(1900)).toBe(18240);
    expect(annualTotalMinor(9900)).toBe(95040);
  });
});
