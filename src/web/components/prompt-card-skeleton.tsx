import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Placeholder with the card's exact shape, so the grid does not jump when data (or the card's code)
 * arrives. Apart from PromptCard so a page can show it without loading the card.
 */
export function PromptCardSkeleton() {
  return (
    <Card className="flex h-full flex-col overflow-hidden" aria-hidden data-testid="prompt-card-skeleton">
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-center justify-between">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
        <div className="space-y-2">
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="mt-1 h-4 w-1/3" />
        </div>
        <div className="space-y-2">
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-2/3" />
        </div>
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-14" />
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-12" />
        </div>
        <Skeleton className="mt-auto h-4 w-28" />
      </div>
      <div className="flex items-center justify-between border-t px-5 py-3.5">
        <Skeleton className="h-6 w-14" />
        <Skeleton className="h-8 w-32" />
      </div>
    </Card>
  );
}
