import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Spec section 8: 'Failed to load dashboard' with the error's message (or the hint) and Retry. */
export function DashboardError({
  message,
  onRetry,
  retrying,
}: {
  message: string | undefined;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-14 text-center"
    >
      <div className="grid size-11 place-items-center rounded-full bg-destructive/15 text-destructive">
        <AlertCircleIcon className="size-5" aria-hidden />
      </div>
      <h2 className="mt-4 text-base font-semibold">Failed to load dashboard</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        {message || 'Please try refreshing the page'}
      </p>
      <Button className="mt-5" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Retry
      </Button>
    </div>
  );
}
