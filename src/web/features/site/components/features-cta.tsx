import { PAGE_PATHS } from '@shared/routes';
import { CtaLinks } from './cta-links';

export function FeaturesCta() {
  return (
    <div className="relative overflow-hidden rounded-3xl border bg-linear-to-br from-primary/15 via-card to-card px-6 py-14 text-center shadow-sm sm:px-12">
      <h2 className="text-3xl font-bold tracking-tight text-balance">Ready to forge your first prompt?</h2>
      <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
        Create a free account, try prompts in the playground and publish as many of your own as you like.
      </p>
      <CtaLinks
        primary={{ to: PAGE_PATHS.signup, label: 'Get started free' }}
        secondary={{ to: PAGE_PATHS.pricing, label: 'Compare plans' }}
      />
    </div>
  );
}
