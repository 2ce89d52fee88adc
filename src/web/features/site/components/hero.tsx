import { ArrowRight, Store } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { listInWords, useSiteConfig } from '@/lib/site-config';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useTypingText } from '../hooks/use-typing-text';

const LEAD = 'Forge AI prompts';
const PHRASES = ['that write like you.', 'that ship real code.', 'that sell for you.'] as const;
// The widest phrase reserves the line's space so the page below never jumps while it types.
const LONGEST = PHRASES.reduce((a, b) => (b.length > a.length ? b : a));
// A text caret's blink (the common desktop default).
const CARET_BLINK_MS = 530;

export function Hero({ signedIn }: { signedIn: boolean }) {
  // Only the models that answer live here are named (the others answer with the offline demo model).
  const models = listInWords(useSiteConfig().data?.liveModels ?? []);
  return (
    <section className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-20">
        <Link
          to="/features"
          className="mb-8 inline-flex items-center gap-2 rounded-full border bg-card/60 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur transition-colors hover:border-primary/40 hover:text-foreground"
        >
          <span className="size-1.5 rounded-full bg-success" aria-hidden />
          {models ? `${models} in one playground` : 'Try any prompt in the playground'}
          <ArrowRight className="size-3" aria-hidden />
        </Link>

        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl lg:text-7xl">
          <span className="sr-only">
            {LEAD} {PHRASES.join(' ')}
          </span>
          <span aria-hidden className="block">
            {LEAD}
          </span>
          <span aria-hidden className="mt-1 grid sm:mt-2">
            <span className="invisible col-start-1 row-start-1">{LONGEST}</span>
            <span className="col-start-1 row-start-1">
              <TypingPhrase />
              <Caret />
            </span>
          </span>
        </h1>

        <p className="mt-6 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          Write a prompt, try it in the playground, then share it for free or sell it to the people who need
          exactly that result.
        </p>

        <div className="mt-10 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to={signedIn ? '/playground' : '/auth/signup'}>
              {signedIn ? 'Open the Playground' : 'Start for free'}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/marketplace">
              <Store aria-hidden />
              Browse Marketplace
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * The phrase being typed. A component of its own: each step (every 100 ms while typing) re-renders
 * this one element, not the hero with its links, buttons and icons.
 */
function TypingPhrase() {
  const { text } = useTypingText(PHRASES);
  return (
    <span
      data-testid="typing-headline"
      className="bg-gradient-to-r from-primary via-primary to-primary/60 bg-clip-text text-transparent"
    >
      {text}
    </span>
  );
}

/**
 * The typing caret blinks as a text caret does: on and off every 530 ms, solid with reduced motion.
 * Not a CSS animation: an endless one has the browser produce a frame 60 times a second for as long as
 * the page is open, where a blink needs two; without a GPU those frames took a core from the page as it
 * loaded (docs/performance.md, 2026-12-03).
 */
function Caret() {
  const ref = useRef<HTMLSpanElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const caret = ref.current;
    if (!caret || reducedMotion) return;
    const timer = window.setInterval(() => caret.classList.toggle('invisible'), CARET_BLINK_MS);
    return () => {
      window.clearInterval(timer);
      caret.classList.remove('invisible');
    };
  }, [reducedMotion]);
  return (
    <span
      ref={ref}
      data-testid="typing-caret"
      className="ml-0.5 inline-block h-[0.9em] w-[0.08em] translate-y-[0.1em] rounded-full bg-primary align-baseline"
    />
  );
}

/** Soft glow and a faded grid behind the headline; purely decorative. */
function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black_30%,transparent_100%)] bg-[size:48px_48px] opacity-60" />
      <div className="absolute top-[-12rem] left-1/2 h-[32rem] w-[56rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl dark:bg-primary/20" />
      <div className="absolute top-40 right-[-10rem] h-72 w-72 rounded-full bg-success/10 blur-3xl" />
    </div>
  );
}
