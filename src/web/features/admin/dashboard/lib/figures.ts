import type { DailyPoint } from '@shared/admin-dashboard';

/* Pure helpers behind the admin dashboard's cards and charts. */

export type Trend = 'up' | 'down' | 'flat' | 'none';

/** A growth percent as the cards write it: '+12.5%', '-3%', '0%', or a dash with nothing to compare. */
export function growthDisplay(percent: number | null): { text: string; trend: Trend } {
  if (percent === null || !Number.isFinite(percent)) return { text: '—', trend: 'none' };
  const rounded = Math.round(percent * 10) / 10;
  if (rounded > 0) return { text: `+${rounded}%`, trend: 'up' };
  if (rounded < 0) return { text: `${rounded}%`, trend: 'down' };
  return { text: '0%', trend: 'flat' };
}

/** The spec's conversion rate with one decimal: '16.7%'. */
export const percentText = (value: number) => `${(Math.round(value * 10) / 10).toFixed(1)}%`;

export const CHART_RANGES = [30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The last `days` points of the series (it runs oldest first). */
export function lastDays(series: readonly DailyPoint[], days: ChartRange): DailyPoint[] {
  return series.slice(Math.max(0, series.length - days));
}

/** Totals of a slice of the series, for the charts' headlines. */
export function totals(series: readonly DailyPoint[]) {
  return series.reduce(
    (sum, p) => ({
      signups: sum.signups + p.signups,
      publications: sum.publications + p.publications,
      revenueMinor: sum.revenueMinor + p.revenueMinor,
    }),
    { signups: 0, publications: 0, revenueMinor: 0 },
  );
}

const dayFormatters = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
};

/** A UTC day of the series ('2026-01-05') as 'Jan 5' or 'Jan 5, 2026', written in UTC like the series. */
export function formatDay(day: string, style: keyof typeof dayFormatters = 'short'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormatters[style].format(date);
}

export const DASHBOARD_TABS = ['overview', 'users', 'prompts', 'revenue'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab named in the address (?tab=revenue), or Overview. */
export function tabFromSearch(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'overview';
}
