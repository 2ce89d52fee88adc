import { PAGE_PATHS } from '@shared/routes';
import { listInWords, useSiteConfig } from '@/lib/site-config';
import { AboutFacts } from '../components/about-facts';
import { AboutFounderCard } from '../components/about-founder-card';
import { AboutValues } from '../components/about-values';
import { CtaLinks } from '../components/cta-links';
import { PageHero } from '@/components/page-hero';

export function AboutPage() {
  const models = listInWords(useSiteConfig().data?.liveModels ?? []);
  return (
    <div className="relative isolate">
      <PageHero
        badge="About Promptforge"
        title="We believe a great prompt deserves a great home"
        lead="Promptforge is where people find prompts that work, try them before they rely on them, and where the people who write them get credit and get paid."
        roomy
      />

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 className="sr-only">Promptforge in numbers</h2>
        <AboutFacts />
      </section>

      <section
        aria-labelledby="our-story"
        className="mx-auto grid max-w-6xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:gap-16 lg:px-8"
      >
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Our story</p>
          <h2 id="our-story" className="mt-3 text-3xl font-bold tracking-tight text-balance">
            It started as a shared document
          </h2>
        </div>
        <div className="max-w-[70ch] space-y-5 leading-relaxed text-muted-foreground">
          <p>
            In 2025, Priya Raman was leading a team that automated customer support with large language
            models. The team kept a document of prompts that actually worked, each one tested on more than one
            model, each with notes on where it broke. Colleagues asked for a copy. Then friends at other
            companies did.
          </p>
          <p>
            The document showed two things. Good prompts are real work, and the people who write them rarely
            get credit for it. And nobody wants to trust a prompt they cannot try first. Promptforge is the
            answer to both: a marketplace where creators publish and sell their prompts, next to a playground
            where anyone can test them{models ? ` on ${models}` : ''} before relying on them.
          </p>
          <p className="font-medium text-foreground">
            Our mission is to make good prompts as easy to find, trust and reuse as good code.
          </p>
        </div>
      </section>

      <section aria-labelledby="our-values" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="our-values" className="text-3xl font-bold tracking-tight">
            What we stand for
          </h2>
          <p className="mt-3 text-muted-foreground">
            The principles behind every decision we make about the product.
          </p>
        </div>
        <div className="mt-10">
          <AboutValues />
        </div>
      </section>

      <section aria-labelledby="the-founder" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="the-founder" className="text-3xl font-bold tracking-tight">
            Meet the founder
          </h2>
          <p className="mt-3 text-muted-foreground">The people building Promptforge, and why.</p>
        </div>
        <div className="mt-10">
          <AboutFounderCard />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl border bg-linear-to-br from-primary/15 via-card to-card px-6 py-14 text-center shadow-sm sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-balance">
            Write prompts people come back to
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
            Join Promptforge for free, publish your first prompt today, and set a price when you are ready.
          </p>
          <CtaLinks
            primary={{ to: PAGE_PATHS.signup, label: 'Create your account' }}
            secondary={{ to: PAGE_PATHS.features, label: 'See all features' }}
          />
        </div>
      </section>
    </div>
  );
}
