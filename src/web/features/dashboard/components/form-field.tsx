import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export const messageId = (id: string) => `${id}-message`;

/** Props that tie an input to its FormField message. */
export function fieldA11y(id: string, error: string | undefined, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId(id) : undefined,
  } as const;
}

/** A labelled field with its error (or hint) under it and, for long texts, how much of the limit is used. */
export function FormField({
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
  hint?: string;
  count?: { value: number; max: number };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required ? (
            <span className="text-destructive" aria-hidden>
              {' '}
              *
            </span>
          ) : null}
        </Label>
        {count ? (
          <span
            className={cn(
              'text-xs tabular-nums',
              count.value > count.max ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {count.value.toLocaleString('en-US')} / {count.max.toLocaleString('en-US')}
          </span>
        ) : null}
      </div>
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
