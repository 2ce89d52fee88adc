import { DEFAULT_CURRENCY } from '@shared/constants';

/*
 * Display formatting in one place so every screen writes money, counts and dates the same way:
 * a thin layer over Intl, en-US throughout (the interface is English and prices are in USD, spec
 * section 1). Each formatter is made once, when first used, and kept (decision 045).
 */

const LOCALE = 'en-US';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALE, options)));
  return format;
}

/** Money in `currency` with exactly `fractionDigits` decimals: "$1,234.50", "-$5", "₹19". */
const money = (amount: number, currency: string, fractionDigits: 0 | 2) =>
  numberFormat({
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);

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

/** Compact notation with at most one decimal: 950, 1.2K, 12.3K, 1M. */
export function formatCompact(value: number): string {
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A short count for badges and stats: 950, 1.2k, 12k, 3.4M. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // Intl writes 'K'; the product writes counts the way social apps do, in lower case.
  return formatCompact(value).replace('K', 'k');
}

/** A number with separators and at most three decimals: 10,000. */
export function formatNumber(value: number): string {
  return numberFormat({}).format(value);
}

/** A file's size with Intl's byte units: '820 bytes', '12 kB', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat({
    style: 'unit',
    unit: units[unit],
    // 'short' writes a lone byte count as '820 byte'.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

type DateStyle = 'medium' | 'long' | 'longUtc' | 'datetime' | 'dayUtc' | 'mediumUtc';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  // The same on the server and in every browser: text the server renders (decision 019).
  longUtc: { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  datetime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  // The days of the dashboards' daily series, which count UTC days.
  dayUtc: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  mediumUtc: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
};
const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();

/**
 * A date in the browser's time zone: 'Jan 5, 2026' (medium), 'January 5, 2026' (long) or with the
 * time, 'Jan 5, 2026, 3:07 PM' (datetime); `longUtc` is `long` in UTC, the same on the server and
 * in every browser (the server cannot know the visitor's time zone, and the browser must draw the
 * same text when it takes the page over).
 */
export function formatDate(value: string | number | Date, style: DateStyle = 'medium'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(style);
  if (!format) dateFormats.set(style, (format = new Intl.DateTimeFormat(LOCALE, DATE_OPTIONS[style])));
  return format.format(date);
}

/**
 * A day of a daily series ('2026-01-05') as 'Jan 5' (short) or 'Jan 5, 2026' (long). The series count UTC days,
 * so the day is written in UTC: in the browser's zone it would read as the day before west of Greenwich.
 */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatDate(date, style === 'short' ? 'dayUtc' : 'mediumUtc');
}

export type Trend = 'up' | 'down' | 'flat' | 'none';

/** A growth percent as the stat cards write it: '+12.5%', '-3.1%', '0%', or a dash with nothing to compare. */
export function growthDisplay(percent: number | null): { text: string; trend: Trend } {
  if (percent === null || !Number.isFinite(percent)) return { text: '—', trend: 'none' };
  const rounded = Math.round(percent * 10) / 10;
  if (rounded > 0) return { text: `+${rounded}%`, trend: 'up' };
  if (rounded < 0) return { text: `${rounded}%`, trend: 'down' };
  return { text: '0%', trend: 'flat' };
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
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** 'yesterday', '3 days ago', 'in 2 weeks': Intl's numeric: 'auto'. */
export function formatRelative(amount: number, unit: RelativeUnit): string {
  relativeFormat ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
  return relativeFormat.format(amount, unit);
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

/**
 * A cost in millionths of the currency (a reply's, a test run's): cents and whole amounts with two
 * decimals, smaller ones with three significant digits ('$0.000123').
 */
export function formatCostMicros(micros: number, currency: string = DEFAULT_CURRENCY): string {
  const amount = micros / 1_000_000;
  return numberFormat({
    style: 'currency',
    currency,
    ...(amount === 0 || amount >= 0.01 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 }),
  }).format(amount);
}

/** A duration in milliseconds: '850 ms', '1.2 s'. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${formatNumber(Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}
