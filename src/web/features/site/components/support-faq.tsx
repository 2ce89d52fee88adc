import { FaqList } from '@/components/faq-list';
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
      <FaqList items={category.faqs} compact className="mt-4" />
    </section>
  );
}
