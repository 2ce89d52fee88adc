import { ChevronDown, List } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { cn } from '@/lib/cn';
import { useActiveSection } from '../hooks/use-active-section';
import { LEGAL_LAST_UPDATED, type LegalSection } from '../lib/legal';

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** A section to scroll to and mark on arrival (the Cookie Policy opens the privacy text this way). */
  focusSectionId?: string;
  /** Shown above the document, e.g. to explain why the reader landed in the middle of it. */
  notice?: ReactNode;
}

/*
 * Prose styles for the section bodies, so the content files stay plain HTML and read like the
 * documents they are. Block rules target direct children only, leaving embedded widgets (the
 * storage table and its phone cards) to style themselves.
 */
const PROSE = cn(
  'text-[15px] leading-7 text-muted-foreground',
  '[&>p]:mt-4 [&>ul]:mt-4 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-5 [&>ul>li]:pl-1 [&>ul>li]:marker:text-primary/70',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&>h3]:mt-8 [&>h3]:text-base [&>h3]:font-semibold [&>h3]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 [&_a:hover]:underline',
);

function TocLinks({ sections, active }: { sections: LegalSection[]; active?: string }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            aria-current={active === section.id ? 'location' : undefined}
            className={cn(
              'flex gap-2 rounded-md border-l-2 border-transparent px-3 py-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              active === section.id && 'border-primary bg-primary/5 font-medium text-foreground',
            )}
          >
            <span className="w-5 shrink-0 tabular-nums text-muted-foreground">{index + 1}.</span>
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalDocument({ title, intro, sections, focusSectionId, notice }: LegalDocumentProps) {
  const active = useActiveSection(sections.map((s) => s.id));

  useEffect(() => {
    const target = window.location.hash.slice(1) || focusSectionId;
    if (!target) return;
    /*
     * Deferred one frame: the layout may reset the scroll position when the route changes, and its
     * effects run after this child's.
     */
    const frame = requestAnimationFrame(() =>
      document.getElementById(target)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusSectionId]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Legal</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </p>
        <div className="mt-6 max-w-[70ch] text-lg leading-relaxed text-pretty text-muted-foreground">
          {intro}
        </div>
      </header>

      {notice && <div className="mt-8 max-w-3xl">{notice}</div>}

      <div className="mt-10 lg:mt-14 lg:grid lg:grid-cols-[240px_minmax(0,1fr)] lg:gap-14">
        <details className="group mb-10 rounded-xl border bg-card lg:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-2">
              <List className="size-4 text-muted-foreground" aria-hidden />
              On this page
            </span>
            <ChevronDown
              className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <nav aria-label="Table of contents" className="border-t px-1 py-2">
            <TocLinks sections={sections} active={active} />
          </nav>
        </details>

        <nav aria-label="Table of contents" className="hidden lg:block">
          <div className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto pb-4">
            <p className="mb-3 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              On this page
            </p>
            <TocLinks sections={sections} active={active} />
          </div>
        </nav>

        <article className="min-w-0 max-w-[70ch]">
          {sections.map((section, index) => {
            const focused = section.id === focusSectionId;
            return (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className={cn(
                  'scroll-mt-24 border-t py-10 first:border-t-0 first:pt-0',
                  focused &&
                    'rounded-2xl border-t-0 bg-primary/5 px-4 ring-1 ring-primary/30 first:pt-10 sm:-mx-6 sm:px-6',
                )}
              >
                <h2 id={`${section.id}-title`} className="flex gap-3 text-2xl font-semibold tracking-tight">
                  <span className="text-primary tabular-nums">{index + 1}.</span>
                  {section.title}
                </h2>
                <div className={PROSE}>{section.content}</div>
              </section>
            );
          })}
        </article>
      </div>
    </div>
  );
}
