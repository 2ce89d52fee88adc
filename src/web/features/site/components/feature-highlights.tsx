import { BarChart3, Layers, type LucideIcon, Store } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { listInWords, useSiteConfig } from '@/lib/site-config';

/** The playground's card names only the models that answer live on this site. */
function playground(models: string | null) {
  return {
    icon: Layers,
    title: 'Playground',
    body: models
      ? `Try a prompt on ${models}, pick the model for each conversation and keep every session to reopen later.`
      : 'Try a prompt in a chat, pick the model for each conversation and keep every session to reopen later.',
  };
}

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Store,
    title: 'Prompt marketplace',
    body: 'Publish prompts for free or set a price. Buyers get the full text, you get paid for every sale.',
  },
  {
    icon: BarChart3,
    title: 'Creator analytics',
    body: 'See views, likes, downloads and revenue per prompt, so you know which ideas are worth refining.',
  },
];

export function FeatureHighlights() {
  const features = [playground(listInWords(useSiteConfig().data?.liveModels ?? [])), ...FEATURES];
  return (
    <section className="mx-auto w-full max-w-6xl px-4 sm:px-6" aria-labelledby="features-heading">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Everything in one place</p>
        <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          From first draft to first sale
        </h2>
        <p className="mt-4 text-muted-foreground">
          The tools you need to write better prompts, prove they work and share them with the world.
        </p>
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <Card
            key={title}
            data-testid="feature-card"
            className="relative overflow-hidden p-6 transition-colors hover:border-primary/40"
          >
            <div
              aria-hidden
              className="absolute -top-16 -right-16 size-40 rounded-full bg-primary/10 blur-2xl"
            />
            <div className="grid size-11 place-items-center rounded-xl bg-primary/12 text-primary ring-1 ring-primary/20">
              <Icon className="size-5" aria-hidden />
            </div>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
