import type { PromptDetail } from '@shared/marketplace';
import { ExampleCard } from '@/components/prompt-example';

/**
 * The prompt page's verified examples (issue 56, decision 069): runs Promptforge made, which the
 * creator chose to show. Nothing here was typed in by the creator. Shown only when there are some.
 */
export function ExamplesSection({ prompt }: { prompt: PromptDetail }) {
  if (prompt.examples.length === 0) return null;
  return (
    <section aria-labelledby="examples" className="mb-10 scroll-mt-24" data-testid="examples-section">
      <h2 id="examples" className="text-2xl font-bold tracking-tight">
        Examples
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Real runs of this prompt on Promptforge, stored as the model answered; the creator chose which to
        show.
      </p>
      <div className="mt-4 grid gap-4">
        {prompt.examples.map((example) => (
          <ExampleCard key={example.id} example={example} />
        ))}
      </div>
    </section>
  );
}
