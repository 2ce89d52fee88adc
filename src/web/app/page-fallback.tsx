import { LoaderCircleIcon } from 'lucide-react';

/** Shown while a page's code loads. It fades in late so a fast load never flashes it. */
export function PageFallback() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <div className="flex animate-delayed-show items-center gap-3 text-sm text-muted-foreground opacity-0">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden />
        <span>Loading…</span>
      </div>
    </div>
  );
}
