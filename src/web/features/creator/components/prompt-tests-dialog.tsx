import { Trash2Icon } from 'lucide-react';
import { MODEL_NAMES } from '@shared/constants';
import type { CreatorPrompt } from '@shared/creator';
import { MAX_TEST_CASES, type PromptTests, type TestCase, type TestCheck } from '@shared/prompt-tests';
import { TestBoardTable, TestedLine } from '@/components/test-board';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCostMicros, formatDate, formatLatency, formatMoney } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useDeleteTestCase } from '../api/delete-test-case';
import { usePromptTests } from '../api/get-prompt-tests';
import { AddCaseForm } from './add-test-case-form';

/**
 * A prompt's tests in the studio (issue 56): its test cases with their checks, what the last runs on
 * each model found, and this month's test budget. Runs start when a version is published and again
 * every week; they happen in the background, so the dialog looks again every few seconds.
 */
export function PromptTestsDialog({
  prompt: target,
  onOpenChange,
}: {
  prompt: CreatorPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  const prompt = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Tests of “{prompt?.title}”</DialogTitle>
          <DialogDescription>
            Promptforge runs every case on each model when you publish a version, and again every week. The
            listing shows how many pass; the cases and answers stay yours.
          </DialogDescription>
        </DialogHeader>
        {prompt ? <PromptTestsBody key={prompt.id} prompt={prompt} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PromptTestsBody({ prompt }: { prompt: CreatorPrompt }) {
  const tests = usePromptTests(prompt.id);
  if (!tests.data) return <Skeleton className="h-48" />;
  const data = tests.data;
  return (
    <div className="grid min-w-0 gap-6">
      <Budget data={data} published={prompt.status === 'published'} />
      <section aria-labelledby="tests-board" className="grid gap-3">
        <h3 id="tests-board" className="font-semibold">
          Results on version {data.board.version}
        </h3>
        {data.board.models.length > 0 ? (
          <>
            <TestedLine tested={data.board.tested} className="text-sm" />
            <TestBoardTable board={data.board} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {data.cases.length === 0
              ? 'Add a test case to have this prompt tested.'
              : prompt.status === 'published'
                ? 'No runs of this version yet.'
                : 'The cases run when you publish this prompt.'}
          </p>
        )}
      </section>
      <Cases prompt={prompt} cases={data.cases} />
      {data.cases.length < MAX_TEST_CASES ? <AddCaseForm prompt={prompt} /> : null}
      <Runs data={data} />
    </div>
  );
}

function Budget({ data, published }: { data: PromptTests; published: boolean }) {
  const { budget } = data;
  const spent = formatCostMicros(budget.spentMicros);
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-muted-foreground" data-testid="test-budget">
        Test budget this month: <span className="font-medium text-foreground">{spent}</span>{' '}
        {budget.limitMinor === null ? 'used (no limit)' : <>of {formatMoney(budget.limitMinor)} used</>}
        {published && data.dueAt ? <> · next run {formatDate(data.dueAt)}</> : null}
      </p>
      {data.stopped ? (
        <Alert variant="destructive" data-testid="tests-stopped">
          <AlertDescription>{data.stopped}</AlertDescription>
        </Alert>
      ) : budget.limitMinor === 0 ? (
        <Alert data-testid="tests-no-budget">
          <AlertDescription>
            Your plan includes no budget for test runs: your cases are kept, and run once you are on a plan
            with a test budget.
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

const describeCheck = (c: TestCheck) => {
  switch (c.kind) {
    case 'contains':
      return `Contains “${c.text}”`;
    case 'not-contains':
      return `Does not contain “${c.text}”`;
    case 'matches':
      return `Matches /${c.pattern}/`;
    case 'json':
      return 'Is valid JSON';
    case 'max-words':
      return `At most ${c.words} words`;
    case 'rubric':
      return `Judged by ${MODEL_NAMES[c.judge]}: “${c.rubric}”`;
  }
};

function Cases({ prompt, cases }: { prompt: CreatorPrompt; cases: TestCase[] }) {
  const remove = useDeleteTestCase(prompt.id);
  if (cases.length === 0) return null;
  return (
    <section aria-labelledby="tests-cases" className="grid gap-3">
      <h3 id="tests-cases" className="font-semibold">
        Test cases ({cases.length} of {MAX_TEST_CASES})
      </h3>
      <ul className="grid gap-2">
        {cases.map((c) => (
          <li
            key={c.id}
            className="flex items-start gap-3 rounded-lg border px-3.5 py-3 text-sm"
            data-testid="test-case"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{c.label}</p>
              {Object.entries(c.variables).length > 0 ? (
                <p className="mt-1 text-muted-foreground break-words">
                  {Object.entries(c.variables)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </p>
              ) : null}
              {c.input ? <p className="mt-1 text-muted-foreground break-words">Input: {c.input}</p> : null}
              {c.checks.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Checks">
                  {c.checks.map((check, i) => (
                    <li key={i}>
                      <Badge variant="secondary" className="max-w-full break-all">
                        {describeCheck(check)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 shrink-0 text-muted-foreground"
              aria-label={`Delete test case ${c.label}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(c.id)}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Runs({ data }: { data: PromptTests }) {
  if (data.runs.length === 0) return null;
  const labels = new Map(data.cases.map((c) => [c.id, c.label]));
  return (
    <section aria-labelledby="tests-runs" className="grid gap-3">
      <h3 id="tests-runs" className="font-semibold">
        Recent runs
      </h3>
      <ul className="grid gap-2">
        {data.runs.map((run) => (
          <li key={run.id} className="rounded-lg border px-3.5 py-3 text-sm" data-testid="test-run">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                <Badge
                  variant={
                    run.status === 'passed' ? 'success' : run.status === 'failed' ? 'warning' : 'destructive'
                  }
                >
                  {run.status === 'passed' ? 'Passed' : run.status === 'failed' ? 'Failed' : 'Error'}
                </Badge>
                <span className="font-medium">{run.model}</span>
                <span className="min-w-0 truncate text-muted-foreground">
                  {run.caseId ? (labels.get(run.caseId) ?? 'Deleted case') : 'Deleted case'} · v{run.version}
                </span>
                <span className="ml-auto text-xs text-muted-foreground">{formatDate(run.createdAt)}</span>
              </summary>
              <div className="mt-3 grid gap-2">
                <p className="text-xs text-muted-foreground">
                  {run.modelId} · {run.latencyMs === null ? '—' : formatLatency(run.latencyMs)} ·{' '}
                  {run.inputTokens ?? 0} + {run.outputTokens ?? 0} tokens · {formatCostMicros(run.costMicros)}
                </p>
                {run.checks.length > 0 ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {run.checks.map((c, i) => (
                      <li key={i}>
                        <Badge variant={c.passed ? 'success' : 'warning'}>
                          {c.passed ? '✓' : '✗'} {c.label}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="max-h-48 overflow-y-auto rounded-md bg-muted/50 p-2.5 whitespace-pre-wrap break-words">
                  {run.output || 'The model did not answer.'}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
