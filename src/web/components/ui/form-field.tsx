import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/** The id of the message under a field (its error, or its hint). */
export const messageId = (id: string) => `${id}-message`;

/**
 * A labelled field with its error (or hint) under it; `required` marks the label, and `count` shows, for long texts,
 * how much of the limit is used.
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  count,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  count?: { value: number; max: number };
  className?: string;
  children: ReactNode;
}) {
  const labelled = (
    <Label htmlFor={id}>
      {label}
      {required ? (
        <span className="text-destructive" aria-hidden>
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {count ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelled}
          <span
            className={cn(
              'text-xs tabular-nums',
              count.value > count.max ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {formatNumber(count.value)} / {formatNumber(count.max)}
          </span>
        </div>
      ) : (
        labelled
      )}
      {children}
      {error ? (
        <p id={messageId(id)} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its Field message (`hint`: whether the field shows one). */
export function describedBy(id: string, error: string | undefined, hint?: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId(id) : undefined,
  } as const;
}
