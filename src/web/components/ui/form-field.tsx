import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** The id of the message under a field (its error, or its hint). */
export const messageId = (id: string) => `${id}-message`;

/** A labelled field with its error (or hint) under it. */
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
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
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

/** Props that tie an input to its Field message. */
export function describedBy(id: string, error: string | undefined, hasHint = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hasHint ? messageId(id) : undefined,
  } as const;
}
