import { ChevronDown, FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import type { Review } from '@shared/marketplace';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

/** Which model and prompt version the reviewer used: "Used with Claude · version 3". */
export function UsedWith({ usedWith }: { usedWith: Review['usedWith'] }) {
  if (!usedWith) return null;
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid="review-used-with">
      Used with {usedWith.model}
      {usedWith.version !== null && ` · version ${usedWith.version}`}
    </p>
  );
}

/**
 * A run the reviewer attached, collapsed to one line until opened; the answer as plain text (a
 * review is text others read: nothing in it is rendered as markup). The date is in UTC, the same
 * on the server and in the browser (decision 019).
 */
export function ReviewSnapshot({ snapshot }: { snapshot: NonNullable<Review['snapshot']> }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="mt-3 rounded-lg border bg-muted/30" data-testid="review-snapshot">
      <button
        type="button"
        className="flex w-full min-w-0 items-center gap-2 px-3 py-2 text-left text-xs font-medium"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        <FlaskConical className="size-3.5 shrink-0 text-primary" aria-hidden />
        <span className="min-w-0 flex-1 truncate">
          Run on Promptforge · {snapshot.model} · {formatDate(snapshot.at, 'mediumUtc')}
        </span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open && (
        <div
          id={panel}
          className="max-h-96 overflow-y-auto border-t px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground/90"
        >
          {snapshot.output}
        </div>
      )}
    </div>
  );
}
