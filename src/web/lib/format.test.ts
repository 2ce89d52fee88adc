import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatPrice,
  formatRelativeTime,
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
});
