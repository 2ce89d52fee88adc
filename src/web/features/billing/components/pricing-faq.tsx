import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../lib/faq';

/** The questions and answers (lib/faq.ts writes them from the live plans and the site's facts). */
export function PricingFaq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y rounded-2xl border bg-card">
      {items.map((item) => (
        <details
          key={item.question}
          className="group px-5 sm:px-6 [&_summary::-webkit-details-marker]:hidden"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md">
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
