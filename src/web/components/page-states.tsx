import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** A settings-style page while its data loads: two card-shaped placeholders, announced by `label`. */
export function PageCardsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6">
      <Skeleton className="h-56 rounded-xl" />
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}

/** A page whose data did not load: what failed, and a retry. */
export function PageLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-4 p-10 text-center">
      <div>
        <h2 className="text-lg font-semibold">Failed to load {what}</h2>
        <p className="mt-1 text-sm text-muted-foreground">Please check your connection and try again.</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcwIcon aria-hidden />
        Try Again
      </Button>
    </Card>
  );
}
