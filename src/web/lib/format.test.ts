import { describe, expect, it } from 'vitest';
import {
  formatCostMicros,
  formatCount,
  formatDate,
  formatDay,
  formatMoney,
  formatBytes,
  formatNumber,
  formatPrice,
  formatRelativeTime,
  growthDisplay,
} from './format';

/* What format.ts adds to Intl: Free for zero, whole prices without cents, lower-case counts, empty text for bad input. */

describe('format', () => {
  it('writes prices from cents: whole amounts without cents, zero as Free', () => {
    expect(formatPrice(1900)).toBe('$19');
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(0, 'USD', { free: false })).toBe('$0');
    expect(formatPrice(1900, 'EUR')).toBe('€19');
    expect(formatPrice(Number.NaN)).toBe('');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(-500)).toBe('-$5.00');
  });

  it('writes counts the way social apps do, and numbers with separators', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(999_950)).toBe('1M');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatNumber(10_000)).toBe('10,000');
    expect([1, 820, 12_345, 3_400_000].map(formatBytes)).toEqual(['1 byte', '820 bytes', '12 kB', '3.4 MB']);
  });

  it('writes dates in each style, and nothing for a date that is not one', () => {
    expect(formatDate('2026-01-05T10:00:00Z', 'longUtc')).toBe('January 5, 2026');
    expect(formatDate(new Date(2026, 0, 5, 15, 7), 'medium')).toBe('Jan 5, 2026');
    expect(formatDate(new Date(2026, 0, 5, 15, 7), 'long')).toBe('January 5, 2026');
    expect(formatDate(new Date(2026, 0, 5, 15, 7), 'datetime')).toMatch(/^Jan 5, 2026, 3:07\sPM$/);
    expect(formatDate('not a date')).toBe('');
  });

  it('writes how long ago, from just now to a date', () => {
    const now = new Date(Date.UTC(2026, 10, 25, 12));
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(-3 * 86_400), now)).toBe('in 3 days');
    expect(formatRelativeTime('nonsense', now)).toBe('');
  });

  it('writes growth with its trend, and a dash when there is nothing to compare', () => {
    expect(growthDisplay(12.34)).toEqual({ text: '+12.3%', trend: 'up' });
    expect(growthDisplay(12.46)).toEqual({ text: '+12.5%', trend: 'up' });
    expect(growthDisplay(-3)).toEqual({ text: '-3%', trend: 'down' });
    expect(growthDisplay(-3.1)).toEqual({ text: '-3.1%', trend: 'down' });
    expect(growthDisplay(0)).toEqual({ text: '0%', trend: 'flat' });
    expect(growthDisplay(0.01)).toEqual({ text: '0%', trend: 'flat' });
    expect(growthDisplay(null)).toEqual({ text: '—', trend: 'none' });
  });

  it('writes a series day as the UTC day it counts', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5');
    expect(formatDay('2026-01-05', 'long')).toBe('Jan 5, 2026');
    expect(formatDay('2026-03-01T00:00:00.000Z')).toBe('Mar 1');
  });

  it('writes a cost in millionths with cents, and smaller ones with their significant digits', () => {
    expect(formatCostMicros(0, 'USD')).toBe('$0.00');
    expect(formatCostMicros(1234, 'USD')).toBe('$0.00123');
    expect(formatCostMicros(52_300, 'USD')).toBe('$0.05');
    expect(formatCostMicros(2_500_000, 'USD')).toBe('$2.50');
  });
});
