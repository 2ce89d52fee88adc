import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled field with its error under it; the input gets `aria-describedby` from `errorId(id)`. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={errorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={errorId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const errorId = (id: string) => `${id}-message`;

/** Props that tie an input to its Field message. */
export function describe(id: string, error: string | undefined, hint?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? errorId(id) : undefined,
  } as const;
}
