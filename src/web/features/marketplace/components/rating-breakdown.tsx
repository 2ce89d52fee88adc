import { Star } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { StarRating } from './star-rating';

interface RatingBreakdownProps {
  average: number;
  count: number;
  /** Counts of 1★ to 5★ reviews, in that order. */
  breakdown: number[];
}

/** The average in large type, and one bar per star level, five stars first. */
export function RatingBreakdown({ average, count, breakdown }: RatingBreakdownProps) {
  const rows = [5, 4, 3, 2, 1].map((stars) => ({ stars, n: breakdown[stars - 1] ?? 0 }));
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8" data-testid="rating-breakdown">
      <div className="flex shrink-0 flex-col items-start gap-1 sm:w-36 sm:items-center sm:text-center">
        <p className="text-5xl font-bold tracking-tight tabular-nums" data-testid="rating-average">
          {count > 0 ? average.toFixed(1) : '–'}
        </p>
        <StarRating value={count > 0 ? average : 0} />
        <p className="text-sm text-muted-foreground" data-testid="rating-count">
          {count === 1 ? '1 review' : `${formatNumber(count)} reviews`}
        </p>
      </div>
      <ul className="flex-1 space-y-1.5" aria-label="Ratings by stars">
        {rows.map(({ stars, n }) => {
          const share = count > 0 ? n / count : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="flex w-8 shrink-0 items-center gap-1 text-muted-foreground tabular-nums">
                {stars}
                <Star className="size-3.5 fill-warning text-warning" aria-hidden />
              </span>
              <span
                className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                role="meter"
                aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
                aria-valuemin={0}
                aria-valuemax={count}
                aria-valuenow={n}
                aria-valuetext={`${n} of ${count}`}
              >
                <span
                  className="block h-full rounded-full bg-warning transition-[width] duration-500"
                  style={{ width: `${share * 100}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right text-muted-foreground tabular-nums">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
