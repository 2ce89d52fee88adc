import { describe, expect, it } from 'vitest';
import { lastDays, percentText, tabFromSearch, totals } from './figures';

const point = (date: string, signups: number, publications: number, revenueMinor: number) => ({
  date,
  signups,
  publications,
  revenueMinor,
  revenue: revenueMinor / 100,
});

describe('admin dashboard figures', () => {
  it('writes the conversion rate with one decimal', () => {
    expect(percentText(16.666)).toBe('16.7%');
    expect(percentText(0)).toBe('0.0%');
    expect(percentText(100)).toBe('100.0%');
  });

  it('keeps the last days of the series and totals them', () => {
    const series = Array.from({ length: 90 }, (_, i) => point(`d${i}`, 1, i % 2, 100));
    const month = lastDays(series, 30);
    expect(month).toHaveLength(30);
    expect(month[0]!.date).toBe('d60');
    expect(lastDays(series.slice(0, 10), 30)).toHaveLength(10);
    expect(totals(month)).toEqual({ signups: 30, publications: 15, revenueMinor: 3000 });
  });

  it('reads the tab from the address', () => {
    expect(tabFromSearch('revenue')).toBe('revenue');
    expect(tabFromSearch('nope')).toBe('overview');
    expect(tabFromSearch(null)).toBe('overview');
  });
});
