import { useId } from 'react';
import type { PromptDetail } from '@shared/marketplace';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useReviewRuns } from '../api/get-review-runs';

type Attached = NonNullable<NonNullable<PromptDetail['access']['myReview']>['snapshot']>;

interface SnapshotPickerProps {
  promptId: string;
  /** The reply attached now, listed even when its conversation is gone (the copy stays). */
  attached: Attached | null;
  value: string | null;
  onChange: (messageId: string | null) => void;
  disabled: boolean;
}

/** Which of the reviewer's own runs to show with the review, or none: output only. */
export function SnapshotPicker({ promptId, attached, value, onChange, disabled }: SnapshotPickerProps) {
  const runs = useReviewRuns(promptId);
  const name = useId();
  const options = (runs.data?.runs ?? []).map((r) => ({
    id: r.id,
    label: `${r.model} · ${formatDate(r.createdAt, 'datetime')}`,
    excerpt: r.excerpt,
  }));
  if (attached && !options.some((o) => o.id === attached.messageId)) {
    options.unshift({
      id: attached.messageId,
      label: `${attached.model} · ${formatDate(attached.at, 'datetime')}`,
      excerpt: 'The run attached now (kept as it was).',
    });
  }
  if (options.length === 0 && !runs.isError) return null;

  return (
    <fieldset className="mt-4 min-w-0" disabled={disabled} data-testid="snapshot-picker">
      <legend className="text-sm font-medium">
        Attach one of your runs <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p className="mt-1 text-xs text-muted-foreground">
        Only the model&apos;s answer is shown with your review, never your messages.
      </p>
      {runs.isError && <p className="mt-2 text-xs text-destructive">Your runs could not be loaded.</p>}
      <div className="mt-2 grid gap-2">
        {[{ id: null, label: 'No snapshot', excerpt: '' }, ...options].map((o) => (
          <label
            key={o.id ?? 'none'}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm',
              value === o.id && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={name}
              className="mt-1 accent-primary"
              checked={value === o.id}
              onChange={() => onChange(o.id)}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.label}</span>
              {o.excerpt && <span className="block truncate text-xs text-muted-foreground">{o.excerpt}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
