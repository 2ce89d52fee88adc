import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingProps {
  /** 0 to 5; fractions fill part of a star (4.3 fills four stars and a third). */
  value: number;
  className?: string;
  /** Classes for each star (its size). */
  starClassName?: string;
}

/** Five stars filled to a rating, read out as 'Rated 4.3 out of 5'. */
export function StarRating({ value, className, starClassName = 'size-4' }: StarRatingProps) {
  const clamped = Math.min(5, Math.max(0, value));
  return (
    <span
      role="img"
      aria-label={`Rated ${clamped.toFixed(1)} out of 5`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {STARS.map((star) => {
        const fill = Math.min(1, Math.max(0, clamped - (star - 1)));
        return (
          <span key={star} className="relative inline-flex">
            <Star aria-hidden className={cn('text-muted-foreground/35', starClassName)} />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden className={cn('fill-warning text-warning', starClassName)} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
