import { ChevronDown } from 'lucide-react';
import type { SupportCategory } from './support-faq-data';

export function SupportFaqGroup({ category }: { category: SupportCategory }) {
  const Icon = category.icon;
  return (
    <section id={`faq-${category.id}`} aria-labelledby={`faq-${category.id}-title`} className="scroll-mt-24">
      <h3
        id={`faq-${category.id}-title`}
        className="flex items-center gap-2.5 text-lg font-semibold tracking-tight"
      >
        <Icon className="size-5 text-primary" aria-hidden />
        {category.title}
      </h3>
      <div className="mt-4 divide-y rounded-2xl border bg-card">
        {category.faqs.map((faq) => (
          <details key={faq.question} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left text-[15px] font-medium transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {faq.question}
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="max-w-[70ch] pb-5 text-sm leading-relaxed text-muted-foreground">{faq.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
