import { DEFAULT_CURRENCY } from '@shared/constants';

/*
 * Display formatting in one place so every screen writes money, counts and dates the same way.
 * en-US throughout: the interface is English and prices are in USD (spec section 1).
 */

const LOCALE = 'en-US';

/*
 * Formatters are made on first use, not when the module loads: making the six it made at load was
 * the largest part of running this module (a profile of the marketplace's start), and most pages
 * use one or two of them.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
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
  return moneyFormatter(currency, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

/** Money from minor units with the cents always shown, for totals and revenue: 123450 → '$1,234.50'. */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  return moneyFormatter(currency, 2).format(Math.round(minor) / 100);
}

const compactFormatter = lazily(
  () => new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 }),
);

/** A short count for badges and stats: 950, 1.2k, 12k, 3.4M. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // Intl writes 'K'; the product writes counts the way social apps do, in lower case.
  return compactFormatter().format(value).replace('K', 'k');
}

const numberFormatter = lazily(() => new Intl.NumberFormat(LOCALE));

/** A whole number with separators: 10,000. */
export function formatNumber(value: number): string {
  // One formatter for every call: toLocaleString makes a new one each time.
  return numberFormatter().format(value);
}

/** Options of each date style; their formatters are made on first use (see `lazily`). */
const DATE_STYLES = {
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  // The same in UTC, for text the server renders (decision 019): the server cannot know the
  // visitor's time zone, and the browser must draw the same text when it takes the page over.
  longUtc: { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  datetime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormatters = new Map<keyof typeof DATE_STYLES, Intl.DateTimeFormat>();

/**
 * A date in the browser's time zone: 'Jan 5, 2026' (medium), 'January 5, 2026' (long) or with the
 * time; `longUtc` is `long` in UTC, the same on the server and in every browser.
 */
export function formatDate(
  value: string | number | Date,
  style: keyof typeof DATE_STYLES = 'medium',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = dateFormatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, DATE_STYLES[style]);
    dateFormatters.set(style, formatter);
  }
  return formatter.format(date);
}

const relativeFormatter = lazily(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago (or until): 'just now', '5 minutes ago', 'yesterday', 'in 2 days'. */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormatter().format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(date);
}
