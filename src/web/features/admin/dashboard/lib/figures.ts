import type { DailyPoint } from '@shared/admin-dashboard';

/* Pure helpers behind the admin dashboard's cards and charts. */

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

export const DASHBOARD_TABS = ['overview', 'users', 'prompts', 'revenue'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab named in the address (?tab=revenue), or Overview. */
export function tabFromSearch(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'overview';
}
