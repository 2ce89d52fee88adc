import { AlertCircle, ArrowLeft, FileQuestion, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** The page's shape while it loads, so nothing jumps when the prompt arrives. */
export function PromptPageSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading prompt" data-testid="prompt-page-skeleton">
      <div className="space-y-4">
        <div className="flex gap-2">
          <Skeleton className="h-6 w-28 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-full max-w-2xl" />
        <Skeleton className="h-5 w-2/3 max-w-xl" />
        <Skeleton className="h-5 w-80" />
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3 rounded-xl border p-5">
          {['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-3/4', 'w-5/6', 'w-2/3', 'w-full', 'w-1/2'].map(
            (w, i) => (
              <Skeleton key={i} className={`h-4 ${w}`} />
            ),
          )}
        </div>
        <div className="space-y-4">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-36 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

export function PromptNotFound({ backTo }: { backTo: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-20 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <FileQuestion className="size-6" aria-hidden />
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Prompt not found</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        This prompt does not exist or is no longer published. It may have been removed by its creator.
      </p>
      <Button asChild className="mt-6">
        <Link to={backTo}>
          <ArrowLeft aria-hidden />
          Back to the marketplace
        </Link>
      </Button>
    </div>
  );
}

export function PromptLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-20 text-center"
    >
      <div className="grid size-12 place-items-center rounded-full bg-destructive/15 text-destructive">
        <AlertCircle className="size-6" aria-hidden />
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Failed to load prompt</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        There was an error loading this prompt. Please try again.
      </p>
      <Button className="mt-6" variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Try Again
      </Button>
    </div>
  );
}
