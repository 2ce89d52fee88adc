import { DEFAULT_CURRENCY } from '@shared/constants';

/*
 * Display formatting in one place so every screen writes money, counts and dates the same way.
 * en-US throughout: the interface is English and prices are in USD (spec section 1).
 *
 * Written out here rather than asked of Intl (decision 023): a page's first Intl formatter costs the
 * browser 20-60 ms of main thread on this machine (ICU loads its data), four times that on the phone
 * Lighthouse simulates, in one task that nothing can split; the marketplace, the home page and a
 * prompt page each paid it while hydrating. What is written here is exactly what Intl writes for
 * en-US (format.test.ts compares them over thousands of values), and the same on the server that
 * renders a page and in the browser that takes it over. Currencies other than USD, which the app
 * does not sell in, are still formatted by Intl.
 */

const LOCALE = 'en-US';

/**
 * A finite, non-negative number as a decimal: its digits without leading zeros, and how many of
 * them are before the point (negative or zero for 0.0x). Taken from the number's shortest decimal
 * form (String), which is what Intl rounds too: 0.15 is "0.15" and rounds to 0.2, although the
 * double nearest to it is a little smaller.
 */
function decimal(value: number): { digits: string; point: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const all = whole + fraction;
  const leading = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(leading).replace(/0+$/, '');
  return { digits, point: whole.length - leading + Number(exponent) };
}

/**
 * A decimal (finite, non-negative) rounded half away from zero to at most `maxFraction` digits
 * after the point, trailing zeros dropped then padded to `minFraction`: its whole part and fraction.
 */
function rounded(
  { digits, point }: { digits: string; point: number },
  maxFraction: number,
  minFraction = 0,
): { whole: string; fraction: string } {
  let whole = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0';
  let fraction = point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits;
  if (fraction.length > maxFraction) {
    const up = fraction.charCodeAt(maxFraction) >= 53; // '5' or more
    fraction = fraction.slice(0, maxFraction);
    if (up) {
      // Add one at the last kept digit, carrying left; a carry out of the first adds a digit.
      const all = [...(whole + fraction)];
      let i = all.length - 1;
      while (i >= 0 && all[i] === '9') all[i--] = '0';
      if (i >= 0) all[i] = String(Number(all[i]) + 1);
      else all.unshift('1');
      const joined = all.join('');
      whole = joined.slice(0, joined.length - maxFraction);
      fraction = joined.slice(joined.length - maxFraction);
    }
  }
  return {
    whole: whole.replace(/^0+(?=\d)/, ''),
    fraction: fraction.replace(/0+$/, '').padEnd(minFraction, '0'),
  };
}

/** 1234567 -> "1,234,567". */
function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A sign Intl writes: a minus for negative numbers and for negative zero. */
const minus = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '');

/** What Intl writes for a number that is not finite. */
function notFinite(value: number): string {
  return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
}

/** A number with grouping and at most `maxFraction` decimals, as Intl's en-US decimal style. */
function plain(value: number, maxFraction: number, minFraction = 0): string {
  if (!Number.isFinite(value)) return notFinite(value);
  const { whole, fraction } = rounded(decimal(Math.abs(value)), maxFraction, minFraction);
  return `${minus(value)}${grouped(whole)}${fraction ? `.${fraction}` : ''}`;
}

const otherCurrencies = new Map<string, Intl.NumberFormat>();
/** Money in `currency` with exactly `fractionDigits` decimals: "$1,234.50", "-$5", "₹19". */
function money(amount: number, currency: string, fractionDigits: 0 | 2): string {
  if (currency === 'USD' && Number.isFinite(amount))
    return `${minus(amount)}$${plain(Math.abs(amount), fractionDigits, fractionDigits)}`;
  const key = `${currency}:${fractionDigits}`;
  let formatter = otherCurrencies.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    otherCurrencies.set(key, formatter);
  }
  return formatter.format(amount);
}

/**
 * A price from integer minor units (cents), as the API stores money: 1900 → '$19', 499 → '$4.99',
 * 0 → 'Free'. Whole amounts drop the cents the way pricing pages write them. Pass `free: false`
 * where 0 must read '$0'.
 */
export function formatPrice(
  minor: number,
  currency: string = DEFAULT_CURRENCY,
  options: { free?: boolean } = {},
): string {
  if (!Number.isFinite(minor)) return '';
  const cents = Math.round(minor);
  if (cents === 0 && (options.free ?? true)) return 'Free';
  return money(cents / 100, currency, cents % 100 === 0 ? 0 : 2);
}

/** Money from minor units with the cents always shown, for totals and revenue: 123450 → '$1,234.50'. */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  return money(Math.round(minor) / 100, currency, 2);
}

/** en-US compact notation's units: thousands, millions, billions, trillions. */
const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/**
 * Intl's en-US compact notation with at most one decimal: 950, 1.2K, 12.3K, 1M, 1500T. The unit is
 * chosen by the number's size, then again if rounding carried it to the next (999,950 is 1M).
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return notFinite(value);
  const { digits, point } = decimal(Math.abs(value));
  let unit = Math.min(Math.max(Math.floor((point - 1) / 3), 0), COMPACT_UNITS.length - 1);
  for (;;) {
    // Scaled by a power of ten: the decimal point moves, the digits stay (no arithmetic on doubles).
    const { whole, fraction } = rounded({ digits, point: point - 3 * unit }, 1);
    if (whole.length > 3 && unit < COMPACT_UNITS.length - 1) {
      unit++;
      continue;
    }
    // Compact notation groups only from five digits on (1500T, 10,000T), as CLDR says for en.
    const wholeText = whole.length < 5 ? whole : grouped(whole);
    return `${minus(value)}${wholeText}${fraction ? `.${fraction}` : ''}${COMPACT_UNITS[unit]}`;
  }
}

/** A short count for badges and stats: 950, 1.2k, 12k, 3.4M. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // Intl writes 'K'; the product writes counts the way social apps do, in lower case.
  return formatCompact(value).replace('K', 'k');
}

/** A number with separators, as Intl's en-US default (at most three decimals): 10,000. */
export function formatNumber(value: number): string {
  return plain(value, 3);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

type DateStyle = 'medium' | 'long' | 'longUtc' | 'datetime';

/**
 * A date in the browser's time zone: 'Jan 5, 2026' (medium), 'January 5, 2026' (long) or with the
 * time, 'Jan 5, 2026, 3:07 PM' (datetime); `longUtc` is `long` in UTC, the same on the server and
 * in every browser (text the server renders, decision 019: the server cannot know the visitor's
 * time zone, and the browser must draw the same text when it takes the page over).
 */
export function formatDate(value: string | number | Date, style: DateStyle = 'medium'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const utc = style === 'longUtc';
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const name = style === 'long' || style === 'longUtc' ? MONTHS[month]! : MONTHS[month]!.slice(0, 3);
  const text = `${name} ${day}, ${year}`;
  if (style !== 'datetime') return text;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${text}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const RELATIVE_STEPS: [RelativeUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
/** What Intl's en-US numeric: 'auto' says for 0, -1 and 1 of each unit. */
const RELATIVE_WORDS: Record<RelativeUnit, [now: string, last: string | null, next: string | null]> = {
  second: ['now', null, null],
  minute: ['this minute', null, null],
  hour: ['this hour', null, null],
  day: ['today', 'yesterday', 'tomorrow'],
  week: ['this week', 'last week', 'next week'],
  month: ['this month', 'last month', 'next month'],
  year: ['this year', 'last year', 'next year'],
};

/** Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(amount, unit), for whole amounts. */
export function formatRelative(amount: number, unit: RelativeUnit): string {
  const [now, last, next] = RELATIVE_WORDS[unit];
  if (amount === 0) return now;
  if (amount === -1 && last) return last;
  if (amount === 1 && next) return next;
  const count = `${formatNumber(Math.abs(amount))} ${unit}${Math.abs(amount) === 1 ? '' : 's'}`;
  return amount < 0 ? `${count} ago` : `in ${count}`;
}

/** How long ago (or until): 'just now', '5 minutes ago', 'yesterday', 'in 2 days'. */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return formatRelative(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(date);
}
