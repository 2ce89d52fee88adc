import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Questions that open to their answers, in one card (a details element each, so they work without
 * script). `compact` for a page with several groups of them.
 */
export function FaqList({
  items,
  compact = false,
  className,
}: {
  items: readonly { question: string; answer: ReactNode }[];
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('divide-y rounded-2xl border bg-card', className)}>
      {items.map((item) => (
        <details
          key={item.question}
          className={cn('group px-5 [&_summary::-webkit-details-marker]:hidden', !compact && 'sm:px-6')}
        >
          <summary
            className={cn(
              'flex cursor-pointer list-none items-center justify-between gap-4 rounded-md text-left font-medium transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              compact ? 'py-4 text-[15px]' : 'py-5',
            )}
          >
            {item.question}
            <ChevronDown
              className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="max-w-[70ch] pb-5 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
