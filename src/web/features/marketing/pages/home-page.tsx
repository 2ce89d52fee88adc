import { ClosingCta } from '../components/closing-cta';
import { FeatureHighlights } from '../components/feature-highlights';
import { Hero } from '../components/hero';
import { HomePrompts } from '../components/home-prompts';
import { StatsStrip } from '../components/stats-strip';

export interface HomePageProps {
  /**
   * Whether a user is signed in. Accounts arrive with the auth feature, which will pass the session
   * state here; until then every visitor is signed out.
   */
  signedIn?: boolean;
}

export function HomePage({ signedIn = false }: HomePageProps) {
  return (
    <div className="flex flex-col gap-20 pb-20 sm:gap-28 sm:pb-28">
      <div className="flex flex-col gap-4">
        <Hero signedIn={signedIn} />
        <StatsStrip />
      </div>
      <FeatureHighlights />
      <HomePrompts signedIn={signedIn} />
      <ClosingCta signedIn={signedIn} />
    </div>
  );
}
