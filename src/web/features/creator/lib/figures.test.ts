import { describe, expect, it } from 'vitest';
import { bucketSeries, formatDollars } from './figures';

describe('studio figures', () => {
  it('writes dollars with cents', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });
});

describe('chart buckets', () => {
  const day = (date: string, views: number, revenue = 0) => ({
    date,
    views,
    likes: 1,
    downloads: 0,
    tries: 0,
    purchases: revenue ? 1 : 0,
    revenue,
  });
  const series = ['01', '02', '03', '04', '05'].map((d, i) =>
    day(`2026-01-${d}`, i + 1, i === 4 ? 0.1 : 0.2),
  );

  it('keeps single days as they are', () => {
    expect(bucketSeries(series, 1).map((p) => [p.date, p.end, p.views])).toEqual([
      ['2026-01-01', '2026-01-01', 1],
      ['2026-01-02', '2026-01-02', 2],
      ['2026-01-03', '2026-01-03', 3],
      ['2026-01-04', '2026-01-04', 4],
      ['2026-01-05', '2026-01-05', 5],
    ]);
  });

  it('sums whole buckets back from the newest day; the oldest may be short', () => {
    expect(bucketSeries(series, 2)).toEqual([
      { ...day('2026-01-01', 1, 0.2), end: '2026-01-01' },
      {
        date: '2026-01-02',
        end: '2026-01-03',
        views: 5,
        likes: 2,
        downloads: 0,
        tries: 0,
        purchases: 2,
        revenue: 0.4,
      },
      {
        date: '2026-01-04',
        end: '2026-01-05',
        views: 9,
        likes: 2,
        downloads: 0,
        tries: 0,
        purchases: 2,
        revenue: 0.3,
      },
    ]);
  });
});
