import { AlertCircle, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function MarketplaceError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-16 text-center"
    >
      <div className="grid size-12 place-items-center rounded-full bg-destructive/15 text-destructive">
        <AlertCircle className="size-6" aria-hidden />
      </div>
      <h2 className="mt-4 text-lg font-semibold">Failed to load prompts</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        There was an error loading the marketplace prompts.
      </p>
      <Button className="mt-6" variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Try Again
      </Button>
    </div>
  );
}

export function MarketplaceEmpty({
  onClear,
  filtered,
  search = '',
  filters = [],
}: {
  onClear: () => void;
  filtered: boolean;
  /** What was searched for, if anything. */
  search?: string;
  /** The filters chosen, as their labels. */
  filters?: string[];
}) {
  const within = filters.length > 0 ? ` in ${filters.join(', ')}` : '';
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-16 text-center"
      data-testid="marketplace-empty"
    >
      <div className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" aria-hidden />
      </div>
      <h2 className="mt-4 text-lg font-semibold">No prompts found</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {search
          ? `Nothing matches “${search}”${within}. Try other words${filters.length > 0 ? ' or clear the filters' : ''}.`
          : filtered
            ? `Nothing is listed${within}. Try other filters.`
            : 'No prompts have been published yet.'}
      </p>
      {filtered && (
        <Button className="mt-6" variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
