import { formatCompact, formatNumber } from '@/lib/format';

/*
 * The stats strip shows live figures the way the spec's marketing copy did ("10,000+ users",
 * "98% success", "under 2 s response"), without ever claiming more than is true: counts round
 * down, the success rate rounds down, the reply time rounds up.
 */

/** Counts below this are shown exactly: "7 users" reads better than "0+". */
const EXACT_BELOW = 100;

/** 63 -> "63", 137 -> "130+", 12,345 -> "12,000+", 2,480,000 -> "2.4M+". */
export function formatStatCount(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n < EXACT_BELOW) return formatNumber(n);
  // Keep two significant digits, rounded down.
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  const rounded = Math.floor(n / step) * step;
  const suffix = rounded < n ? '+' : '';
  return `${rounded >= 1_000_000 ? formatCompact(rounded) : formatNumber(rounded)}${suffix}`;
}

/** 97.6 -> "97%": never rounds a 99.6% platform up to a perfect score. */
export function formatStatPercent(value: number): string {
  return `${Math.floor(Math.min(100, Math.max(0, value)))}%`;
}

/** 1,240 ms -> "under 2 s", 2,000 ms -> "under 3 s", 380 ms -> "under 1 s". */
export function formatStatReply(ms: number): string {
  return `under ${Math.floor(Math.max(0, ms) / 1000) + 1} s`;
}
