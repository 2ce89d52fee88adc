import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';

/**
 * The head of a public page (pricing, features, about, support): the glow behind it, a badge naming
 * the page, its headline and lead, then whatever the page adds (`children`). The page's wrapper is
 * `relative isolate`, so the glow stays behind it.
 */
export function PageHero({
  badge,
  title,
  lead,
  roomy = false,
  children,
}: {
  badge: string;
  title: string;
  lead: ReactNode;
  /** A little more room below, for a hero that ends the page's head on its own. */
  roomy?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[480px] bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-[0.12] dark:opacity-20"
      />
      <section
        className={`mx-auto max-w-6xl px-4 pt-16 text-center sm:px-6 sm:pt-24 lg:px-8 ${roomy ? 'pb-14' : 'pb-12'}`}
      >
        <Badge variant="secondary" className="px-3 py-1">
          {badge}
        </Badge>
        <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">{lead}</p>
        {children}
      </section>
    </>
  );
}
