import { ArrowLeftIcon, CompassIcon, StoreIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';

/** Any path without a page (spec section 2). The server answers such paths with status 404 and logs them. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-4 py-16 sm:px-6 sm:py-20">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_50%_at_50%_35%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent_70%)]"
      />
      <div className="flex max-w-lg flex-col items-center text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl border bg-card shadow-sm">
          <CompassIcon className="size-7 text-primary" aria-hidden />
        </div>
        <p
          aria-hidden
          className="mt-8 bg-gradient-to-b from-foreground to-foreground/30 bg-clip-text text-8xl font-bold tracking-tighter text-transparent tabular-nums sm:text-9xl"
        >
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Oops! Page not found</h1>
        <p className="mt-3 text-base leading-relaxed text-muted-foreground">
          We couldn&apos;t find{' '}
          <code className="rounded-md border bg-muted px-1.5 py-0.5 font-mono text-sm break-all text-foreground">
            {pathname}
          </code>
          . It may have been moved, or the link may be mistyped.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={PAGE_PATHS.home}>
              <ArrowLeftIcon aria-hidden />
              Return to Home
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={PAGE_PATHS.marketplace}>
              <StoreIcon aria-hidden />
              Browse the marketplace
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
