import { LoaderCircleIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { MODELS, MODEL_NAMES, type Model } from '@shared/constants';
import type { CreatorPrompt } from '@shared/creator';
import { promptVariableNames } from '@shared/prompt-variables';
import {
  CHECK_KINDS,
  CHECK_LABELS,
  type CheckKind,
  MAX_CHECKS,
  MAX_RUBRIC_CHARS,
  MAX_TEST_CASES,
  type PromptTests,
  type TestCase,
  type TestCaseInput,
  type TestCheck,
  testCaseSchemaFor,
} from '@shared/prompt-tests';
import { TestBoardTable, TestedLine } from '@/components/test-board';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatCostMicros, formatDate, formatLatency, formatMoney } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useAddTestCase } from '../api/add-test-case';
import { useDeleteTestCase } from '../api/delete-test-case';
import { usePromptTests } from '../api/get-prompt-tests';

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

interface CheckDraft {
  kind: CheckKind;
  value: string;
  /** The model that judges a rubric. */
  judge: Model;
}

const toCheck = (d: CheckDraft): unknown => {
  switch (d.kind) {
    case 'json':
      return { kind: 'json' };
    case 'max-words':
      return { kind: 'max-words', words: Number(d.value) };
    case 'matches':
      return { kind: 'matches', pattern: d.value };
    case 'rubric':
      return { kind: 'rubric', rubric: d.value, judge: d.judge };
    default:
      return { kind: d.kind, text: d.value };
  }
};

const VALUE_LABELS: Partial<Record<CheckKind, [label: string, placeholder: string]>> = {
  'max-words': ['Word limit', '100'],
  matches: ['Pattern', '^Dear '],
  rubric: ['Rubric', 'Friendly, names the product and ends with a question'],
};

function AddCaseForm({ prompt }: { prompt: CreatorPrompt }) {
  const id = useId();
  const variables = promptVariableNames(prompt.content);
  const [label, setLabel] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [input, setInput] = useState('');
  const [checks, setChecks] = useState<CheckDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddTestCase(prompt.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { label, variables: values, input, checks: checks.map(toCheck) } as TestCaseInput;
    const parsed = testCaseSchemaFor(prompt.content).safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the test case.');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(body);
      withToast((toast) => toast.success('Test case added'));
      setLabel('');
      setValues({});
      setInput('');
      setChecks([]);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The test case could not be added.');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-xl border bg-muted/30 p-4"
      aria-labelledby={`${id}-title`}
      data-testid="add-test-case"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Add a test case
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-label`}>Name</Label>
        <Input id={`${id}-label`} value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
      </div>
      {variables.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {variables.map((name) => (
            <div key={name} className="grid min-w-0 gap-1.5">
              <Label htmlFor={`${id}-var-${name}`}>{name}</Label>
              <Input
                id={`${id}-var-${name}`}
                value={values[name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              />
            </div>
          ))}
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-input`}>Input message (optional)</Label>
        <Textarea id={`${id}-input`} rows={2} value={input} onChange={(e) => setInput(e.target.value)} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">Checks on the answer</legend>
        {checks.map((check, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2" data-testid="check-row">
            <NativeSelect
              aria-label={`Check ${i + 1}`}
              value={check.kind}
              containerClassName="w-full sm:w-48"
              onChange={(e) =>
                setChecks((all) =>
                  all.map((c, j) =>
                    j === i ? { kind: e.target.value as CheckKind, value: '', judge: c.judge } : c,
                  ),
                )
              }
            >
              {CHECK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CHECK_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
            {check.kind !== 'json' ? (
              <Input
                aria-label={VALUE_LABELS[check.kind]?.[0] ?? 'Text'}
                className="min-w-0 flex-1"
                inputMode={check.kind === 'max-words' ? 'numeric' : undefined}
                maxLength={check.kind === 'rubric' ? MAX_RUBRIC_CHARS : undefined}
                placeholder={VALUE_LABELS[check.kind]?.[1] ?? 'text'}
                value={check.value}
                onChange={(e) =>
                  setChecks((all) => all.map((c, j) => (j === i ? { ...c, value: e.target.value } : c)))
                }
              />
            ) : (
              <span className="flex-1" />
            )}
            {check.kind === 'rubric' ? (
              <NativeSelect
                aria-label={`Judge of check ${i + 1}`}
                value={check.judge}
                containerClassName="w-full sm:w-36"
                onChange={(e) =>
                  setChecks((all) =>
                    all.map((c, j) => (j === i ? { ...c, judge: e.target.value as Model } : c)),
                  )
                }
              >
                {MODELS.map((m) => (
                  <option key={m} value={m}>
                    Judged by {MODEL_NAMES[m]}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-9 text-muted-foreground"
              aria-label={`Remove check ${i + 1}`}
              onClick={() => setChecks((all) => all.filter((_, j) => j !== i))}
            >
              <XIcon aria-hidden />
            </Button>
          </div>
        ))}
        {checks.length < MAX_CHECKS ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setChecks((all) => [...all, { kind: 'contains', value: '', judge: 'claude' }])}
          >
            <PlusIcon aria-hidden />
            Add a check
          </Button>
        ) : null}
      </fieldset>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
        Save test case
      </Button>
    </form>
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
