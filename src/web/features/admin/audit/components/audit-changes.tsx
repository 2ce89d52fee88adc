import { ArrowRightIcon } from 'lucide-react';
import { auditChanges, fieldLabel } from '../lib/diff';

/** What an admin action changed: one line per field, before → after. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0)
    return <p className="text-xs text-muted-foreground">No field changes recorded.</p>;
  return (
    <ul className="grid gap-1.5" aria-label="Changes">
      {changes.map((change) => (
        <li key={change.field} className="grid gap-1 text-xs sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-3">
          <span className="font-medium text-muted-foreground">{fieldLabel(change.field)}</span>
          <span className="flex min-w-0 flex-wrap items-center gap-1.5">
            {change.before !== null ? (
              <span className="max-w-full truncate rounded bg-destructive/10 px-1.5 py-0.5 font-mono text-destructive line-through decoration-destructive/40">
                {change.before}
              </span>
            ) : (
              <span className="text-muted-foreground italic">none</span>
            )}
            <ArrowRightIcon className="size-3 shrink-0 text-muted-foreground" aria-label="changed to" />
            {change.after !== null ? (
              <span className="max-w-full truncate rounded bg-success/15 px-1.5 py-0.5 font-mono text-success">
                {change.after}
              </span>
            ) : (
              <span className="text-muted-foreground italic">removed</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
