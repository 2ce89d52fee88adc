import { listInWords, useSiteConfig } from '@/lib/site-config';

const steps = (models: string | null) => [
  {
    title: 'Find',
    text: 'Search the marketplace or browse by category to find a prompt that fits the job.',
  },
  {
    title: 'Try',
    text: models
      ? `Open it in the playground and see how ${models} answer${models.includes(' and ') ? '' : 's'}.`
      : 'Open it in the playground and see how it answers before you rely on it.',
  },
  {
    title: 'Publish',
    text: 'Share your own prompts for free or set a price, then follow how they perform.',
  },
];

export function FeaturesSteps() {
  const list = steps(listInWords(useSiteConfig().data?.liveModels ?? []));
  return (
    <ol className="grid gap-6 sm:grid-cols-3">
      {list.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-dashed p-6">
          <span className="text-sm font-semibold text-primary tabular-nums">0{index + 1}</span>
          <h3 className="mt-2 text-lg font-semibold tracking-tight">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
