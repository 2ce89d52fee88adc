import { useAuth } from '@/lib/auth';
import { ClosingCta } from '../components/closing-cta';
import { FeatureHighlights } from '../components/feature-highlights';
import { Hero } from '../components/hero';
import { HomePrompts } from '../components/home-prompts';
import { StatsStrip } from '../components/stats-strip';

export function HomePage() {
  // While the stored session is being checked the page reads as signed out: most visitors are, and
  // the buttons switch as soon as the check confirms a user.
  const signedIn = useAuth().status === 'authenticated';
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
