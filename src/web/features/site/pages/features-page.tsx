import { PAGE_PATHS } from '@shared/routes';
import { useSiteConfig } from '@/lib/site-config';
import { FeaturesCta } from '../components/features-cta';
import { FeaturesGrid } from '../components/features-grid';
import { FeaturesSteps } from '../components/features-steps';
import { CtaLinks } from '../components/cta-links';
import { PageHero } from '@/components/page-hero';

export function FeaturesPage() {
  // The models that answer live on this site; none is named while none does.
  const models = useSiteConfig().data?.liveModels ?? [];
  return (
    <div className="relative isolate">
      <PageHero
        badge="Features"
        title="Everything you need to write, test and sell prompts"
        lead="Promptforge brings a playground, a marketplace and creator tools together, so a good prompt goes from idea to income in one place."
        roomy
      >
        <CtaLinks
          primary={{ to: PAGE_PATHS.signup, label: 'Start for free' }}
          secondary={{ to: PAGE_PATHS.marketplace, label: 'Explore the marketplace' }}
        />
        {models.length > 0 && (
          <p className="mt-8 flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
            Works with
            {models.map((model) => (
              <span key={model} className="rounded-full border bg-card px-3 py-1 font-medium text-foreground">
                {model}
              </span>
            ))}
          </p>
        )}
      </PageHero>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 className="sr-only">What you get</h2>
        <FeaturesGrid />
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-it-works" className="text-3xl font-bold tracking-tight">
            How it works
          </h2>
          <p className="mt-3 text-muted-foreground">
            Three steps from a blank page to a prompt people pay for.
          </p>
        </div>
        <div className="mt-10">
          <FeaturesSteps />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <FeaturesCta />
      </section>
    </div>
  );
}
