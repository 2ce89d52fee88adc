import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;
export const RATING_WORDS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The group's accessible name. */
  label: string;
}

/**
 * A 1-5 star choice built on native radio buttons, so the keyboard works as everywhere else: Tab
 * reaches the group, the arrow keys move and choose, and screen readers announce '4 stars, 4 of 5'.
 */
export function StarRatingInput({
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  label,
}: StarRatingInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div
        role="radiogroup"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="inline-flex items-center gap-0.5"
        onMouseLeave={() => setHovered(null)}
      >
        {STARS.map((star) => (
          <label
            key={star}
            onMouseEnter={() => !disabled && setHovered(star)}
            className={cn(
              'relative grid size-9 place-items-center rounded-md transition-colors',
              disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-accent',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              disabled={disabled}
              className="sr-only"
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
            />
            <Star
              aria-hidden
              className={cn(
                'size-7 transition-transform',
                star <= shown ? 'fill-warning text-warning' : 'text-muted-foreground/45',
                hovered === star && 'scale-110',
              )}
            />
          </label>
        ))}
      </div>
      <span className="min-w-20 text-sm font-medium text-muted-foreground" aria-hidden>
        {shown ? RATING_WORDS[shown] : 'Choose a rating'}
      </span>
    </div>
  );
}
