import { HomeIcon, RefreshCwIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export const CRASH_TITLE = 'Something went wrong';
export const CRASH_MESSAGE =
  'An unexpected error occurred. Please try refreshing the page or contact support if the problem persists.';

interface CrashFallbackProps {
  error?: unknown;
  /** Clears the boundary and renders the screen again. */
  onReset: () => void;
  /** Outside the site layout (the whole app failed), fill the viewport. */
  fullScreen?: boolean;
}

/**
 * The crash page (spec section 2): Try Again, Reload Page, Go Home. It uses plain anchors and
 * window.location rather than the router, because the router itself may be what failed.
 */
export function CrashFallback({ error, onReset, fullScreen = false }: CrashFallbackProps) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <section
      role="alert"
      className={cn(
        'flex items-center justify-center px-4 py-20 sm:px-6',
        fullScreen ? 'min-h-dvh bg-background text-foreground' : 'min-h-[60vh]',
      )}
    >
      <div className="flex w-full max-w-md flex-col items-center rounded-2xl border bg-card p-8 text-center shadow-sm sm:p-10">
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon className="size-6" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">{CRASH_TITLE}</h1>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{CRASH_MESSAGE}</p>
        {import.meta.env.DEV && detail ? (
          <pre className="mt-4 max-h-32 w-full overflow-auto rounded-md bg-muted p-3 text-left font-mono text-xs whitespace-pre-wrap text-muted-foreground">
            {detail}
          </pre>
        ) : null}
        <div className="mt-8 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={onReset}>
            <RotateCcwIcon aria-hidden />
            Try Again
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden />
            Reload Page
          </Button>
          <Button asChild variant="ghost">
            <a href="/">
              <HomeIcon aria-hidden />
              Go Home
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
