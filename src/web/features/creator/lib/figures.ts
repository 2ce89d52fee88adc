import { formatMoney } from '@/lib/format';

/*
 * How the studio writes its figures. The creator API gives money in dollars (the spec's Creator
 * prompt and analytics); the shared formatter works in cents.
 */

/** '$1,234.50' from dollars. */
export function formatDollars(dollars: number): string {
  return formatMoney(Math.round(dollars * 100));
}

type Figures = {
  views: number;
  likes: number;
  downloads: number;
  tries: number;
  purchases: number;
  revenue: number;
};
export type ChartPoint = Figures & { date: string; end: string };

/**
 * The daily series in buckets of `days` for the charts: a year of single days draws 365 hair-thin
 * bars, a year of weeks reads at a glance. Buckets are counted back from the last day so the newest
 * one is whole; each carries its first and last day.
 */
export function bucketSeries(series: readonly (Figures & { date: string })[], days: number): ChartPoint[] {
  if (days <= 1) return series.map((d) => ({ ...d, end: d.date }));
  const points: ChartPoint[] = [];
  for (let end = series.length; end > 0; end -= days) {
    const chunk = series.slice(Math.max(0, end - days), end);
    const point: ChartPoint = {
      date: chunk[0]!.date,
      end: chunk.at(-1)!.date,
      views: 0,
      likes: 0,
      downloads: 0,
      tries: 0,
      purchases: 0,
      revenue: 0,
    };
    for (const day of chunk) {
      point.views += day.views;
      point.likes += day.likes;
      point.downloads += day.downloads;
      point.tries += day.tries;
      point.purchases += day.purchases;
      point.revenue += day.revenue;
    }
    // Dollars added up day by day pick up float dust (0.1 + 0.2); the figure is whole cents.
    point.revenue = Math.round(point.revenue * 100) / 100;
    points.unshift(point);
  }
  return points;
}
