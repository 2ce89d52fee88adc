import { LoaderCircleIcon } from 'lucide-react';

/**
 * Shown while a page's code loads. It fades in late so a fast load never flashes it. `fill` makes it
 * a screen tall, so what follows (the site footer) stays below the fold instead of showing and then
 * jumping down when the page arrives (layout shift).
 */
export function PageFallback({ fill = false }: { fill?: boolean }) {
  return (
    <div role="status" className={`flex items-center justify-center ${fill ? 'min-h-dvh' : 'min-h-[60vh]'}`}>
      <div className="flex animate-delayed-show items-center gap-3 text-sm text-muted-foreground opacity-0">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden />
        <span>Loading…</span>
      </div>
    </div>
  );
}
