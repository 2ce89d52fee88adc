import { describe, expect, it } from 'vitest';
import { formatDay, growthDisplay, lastDays, percentText, tabFromSearch, totals } from './figures';

const point = (date: string, signups: number, publications: number, revenueMinor: number) => ({
  date,
  signups,
  publications,
  revenueMinor,
  revenue: revenueMinor / 100,
});

describe('admin dashboard figures', () => {
  it('writes growth with its trend', () => {
    expect(growthDisplay(12.34)).toEqual({ text: '+12.3%', trend: 'up' });
    expect(growthDisplay(-3)).toEqual({ text: '-3%', trend: 'down' });
    expect(growthDisplay(0)).toEqual({ text: '0%', trend: 'flat' });
    expect(growthDisplay(null)).toEqual({ text: '—', trend: 'none' });
  });

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

  it('writes UTC days and reads the tab from the address', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5');
    expect(formatDay('2026-01-05', 'long')).toBe('Jan 5, 2026');
    expect(tabFromSearch('revenue')).toBe('revenue');
    expect(tabFromSearch('nope')).toBe('overview');
    expect(tabFromSearch(null)).toBe('overview');
  });
});
