import { describe, expect, it, vi } from 'vitest';
import {
  formatCompact,
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatPrice,
  formatRelative,
  formatRelativeTime,
} from './format';

/*
 * format.ts writes by hand what Intl writes for en-US (decision 023). Intl is the reference: every
 * function is compared with it over edge cases and thousands of generated values.
 */

/** A seeded generator, so a failure names values that can be tried again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const EDGES = [
  0,
  -0,
  0.0004,
  0.0005,
  0.0015,
  0.04,
  0.05,
  0.15,
  0.25,
  0.45,
  0.95,
  0.9995,
  1,
  1.0005,
  2.5,
  9.99,
  12.34,
  99.95,
  949.96,
  950,
  999,
  999.94,
  999.95,
  999.9999,
  1000,
  1049,
  1050,
  1234,
  1250,
  1350,
  9_999,
  12_345,
  99_950,
  123_456,
  999_949,
  999_950,
  999_999,
  1e6,
  1_250_000,
  1_234_567,
  999_950_000,
  1e9,
  1e12,
  999_950_000_000_000,
  1.5e15,
  1e18,
  1e20,
  123_456_789.125,
  0.1 + 0.2,
  1e-7,
  5e-7,
  3.5e-4,
];

function values(count: number, seed: number): number[] {
  const next = random(seed);
  const out = [...EDGES, ...EDGES.map((v) => -v)];
  for (let i = 0; i < count; i++) {
    // Spread over magnitudes from 1e-4 to 1e16, with one to four decimals, whole and near a unit's end.
    const magnitude = 10 ** Math.floor(next() * 20 - 4);
    const v = next() * magnitude;
    out.push(v, Math.round(v), Math.round(v * 100) / 100, Math.round(v * 10_000) / 10_000);
    out.push(Math.round(v) * 1000 - 50, Math.floor(v) + 0.5, Math.floor(v) + 0.05);
  }
  return out.filter((v) => Math.abs(v) < 1e21);
}

describe('format (the same text as Intl en-US)', () => {
  const all = values(1500, 7);

  it('writes numbers with separators and up to three decimals', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const v of [...all, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatNumber(v), String(v)).toBe(intl.format(v));
    expect(formatNumber(10_000)).toBe('10,000');
  });

  it('writes compact counts with one decimal, moving to the next unit when rounding reaches it', () => {
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
    for (const v of all) expect(formatCompact(v), String(v)).toBe(intl.format(v));
    expect(formatCompact(999_950)).toBe('1M');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(950)).toBe('950');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('writes dollars from cents, whole amounts without cents, and zero as Free', () => {
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const cents = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    });
    for (const v of all) {
      const minor = Math.round(v * 100);
      if (!Number.isSafeInteger(minor)) continue;
      expect(formatMoney(minor), String(minor)).toBe(cents.format(minor / 100));
      if (minor === 0) continue;
      expect(formatPrice(minor), String(minor)).toBe(
        minor % 100 === 0 ? whole.format(minor / 100) : cents.format(minor / 100),
      );
    }
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(0, 'USD', { free: false })).toBe('$0');
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatPrice(Number.NaN)).toBe('');
    // Another currency is Intl's own.
    expect(formatPrice(1900, 'EUR')).toBe('€19');
  });

  it('writes dates in each style, in the local time zone and in UTC', () => {
    const next = random(11);
    const styles = {
      medium: { month: 'short', day: 'numeric', year: 'numeric' },
      long: { month: 'long', day: 'numeric', year: 'numeric' },
      longUtc: { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
      datetime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    } as const;
    const dates = [
      new Date(2026, 0, 5, 0, 7),
      new Date(2026, 0, 5, 12, 0),
      new Date(2026, 11, 31, 23, 59),
      new Date(Date.UTC(2026, 1, 28, 23, 30)),
      ...Array.from({ length: 2000 }, () => new Date(Date.UTC(1970, 0, 1) + next() * 130 * 365 * 86_400_000)),
    ];
    try {
      // Node follows a change of TZ at once, in Date and in Intl alike.
      for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
        vi.stubEnv('TZ', tz);
        for (const [style, options] of Object.entries(styles)) {
          const intl = new Intl.DateTimeFormat('en-US', options);
          for (const date of dates)
            expect(
              formatDate(date, style as keyof typeof styles),
              `${tz} ${style} ${date.toISOString()}`,
            ).toBe(intl.format(date));
        }
      }
    } finally {
      vi.unstubAllEnvs();
    }
    expect(formatDate('2026-01-05T10:00:00Z', 'longUtc')).toBe('January 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes relative times as Intl does with numeric: auto', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
    for (const unit of units)
      for (const amount of [-1234, -60, -2, -1, -0, 0, 1, 2, 45, 59, 1000, 25_000])
        expect(formatRelative(amount, unit), `${amount} ${unit}`).toBe(intl.format(amount, unit));
    const now = new Date(Date.UTC(2026, 10, 25, 12));
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(-3 * 86_400), now)).toBe('in 3 days');
  });
});
