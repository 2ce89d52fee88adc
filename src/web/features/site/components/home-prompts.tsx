import { AlertTriangle, ArrowRight, RotateCw, Store } from 'lucide-react';
import { Suspense, lazy, useEffect } from 'react';
import { Link } from 'react-router';
import { PAGING } from '@shared/constants';
import { PromptCardSkeleton } from '@/components/prompt-card-skeleton';
import { Button } from '@/components/ui/button';
import { useHomePrompts } from '../api/get-home-prompts';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

// The cards sit below the fold: their code (and icons) loads alongside the data, not with the page.
const loadPromptCard = () => import('@/components/prompt-card');
const PromptCard = lazy(async () => ({ default: (await loadPromptCard()).PromptCard }));

function SkeletonGrid() {
  return (
    <div className={GRID} aria-busy="true" aria-label="Loading prompts">
      {Array.from({ length: PAGING.home }, (_, i) => (
        <PromptCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Up to six marketplace prompts; on failure a notice and Retry, never stand-in cards (product-decisions.md). */
export function HomePrompts({ signedIn }: { signedIn: boolean }) {
  const { data, isPending, isError } = useHomePrompts();
  useEffect(() => void loadPromptCard(), []);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 sm:px-6" aria-labelledby="home-prompts-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Marketplace</p>
          <h2 id="home-prompts-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Fresh from the community
          </h2>
          <p className="mt-2 text-muted-foreground">
            The latest prompts published by creators on Promptforge.
          </p>
        </div>
        <Button asChild variant="link" className="px-0">
          <Link to="/marketplace">
            View all
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>

      <div className="mt-10">
        {isPending ? (
          <SkeletonGrid />
        ) : isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-4 rounded-2xl border border-warning/40 bg-warning/10 px-6 py-10 text-center sm:flex-row sm:text-left"
          >
            <div className="grid size-11 shrink-0 place-items-center rounded-full bg-warning/20 text-warning">
              <AlertTriangle className="size-5" aria-hidden />
            </div>
            <p className="flex-1 text-sm font-medium">
              Failed to load marketplace prompts. Showing sample data instead.
            </p>
            {/* A full reload, as the spec says: it also recovers from a stale bundle after a deploy. */}
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        ) : data.prompts.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
            <Store className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No prompts have been published yet.</p>
            <p className="text-sm text-muted-foreground">
              Be the first: sign up and share a prompt with the community.
            </p>
          </div>
        ) : (
          <Suspense fallback={<SkeletonGrid />}>
            <div className={GRID}>
              {data.prompts.map((prompt) => (
                <PromptCard key={prompt.id} prompt={prompt} variant="home" signedIn={signedIn} />
              ))}
            </div>
          </Suspense>
        )}
      </div>
    </section>
  );
}
