import { CATEGORIES } from '@shared/constants';
import { cn } from '@/lib/cn';
import { useSiteConfig } from '@/lib/site-config';

/*
 * Facts about the product rather than usage claims, so they stay true on day one; the models counted
 * are those that answer live on this site (none is claimed while the offline demo model answers).
 */
function facts(liveModels: number) {
  return [
    { value: '2025', label: 'Founded' },
    liveModels > 0
      ? {
          value: String(liveModels),
          label: liveModels === 1 ? 'AI model in the playground' : 'AI models in one playground',
        }
      : null,
    { value: String(CATEGORIES.length), label: 'Marketplace categories' },
    { value: '30 days', label: 'Money-back guarantee' },
  ].filter((fact) => fact !== null);
}

export function AboutFacts() {
  const list = facts(useSiteConfig().data?.liveModels.length ?? 0);
  return (
    <dl
      className={cn(
        'grid gap-px overflow-hidden rounded-2xl border bg-border',
        list.length === 4 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-1 sm:grid-cols-3',
      )}
    >
      {list.map((fact) => (
        <div
          key={fact.label}
          className="flex flex-col-reverse justify-end gap-1 bg-card px-4 py-8 text-center sm:px-6"
        >
          <dt className="text-sm text-muted-foreground">{fact.label}</dt>
          <dd className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
