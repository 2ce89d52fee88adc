import type { PromptDetail } from '@shared/marketplace';
import { TestBoardTable, TestedLine } from '@/components/test-board';

/**
 * The prompt page's tested-on board (issue 56): the creator's test cases, run by Promptforge on each
 * model against the current version. Numbers per model; the cases and answers stay the creator's.
 */
export function TestsSection({ prompt }: { prompt: PromptDetail }) {
  const board = prompt.tests;
  const hasRuns = board !== null && board.models.length > 0;
  return (
    <section aria-labelledby="tests" className="mb-10 scroll-mt-24" data-testid="tests-section">
      <h2 id="tests" className="text-2xl font-bold tracking-tight">
        Tested on Promptforge
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        {hasRuns
          ? `The creator's test cases, run by Promptforge on each model against version ${board.version} of this prompt. A model passes when every case meets its checks.`
          : 'Promptforge runs the creator’s test cases on every model when a version is published, and again every week.'}
      </p>
      <div className="mt-4 grid gap-3">
        {hasRuns && !prompt.tested ? (
          <p className="text-sm font-medium" data-testid="prompt-tested">
            No model passes every test case of this version yet.
          </p>
        ) : (
          <TestedLine tested={prompt.tested} className="text-sm" />
        )}
        {hasRuns ? <TestBoardTable board={board} currency={prompt.currency} /> : null}
      </div>
    </section>
  );
}
