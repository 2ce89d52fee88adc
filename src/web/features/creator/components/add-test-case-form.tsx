import { LoaderCircleIcon, PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MODELS, MODEL_NAMES, type Model } from '@shared/constants';
import type { CreatorPrompt } from '@shared/creator';
import { promptVariableNames } from '@shared/prompt-variables';
import {
  CHECK_KINDS,
  CHECK_LABELS,
  type CheckKind,
  MAX_CHECKS,
  MAX_RUBRIC_CHARS,
  type TestCaseInput,
  testCaseSchemaFor,
} from '@shared/prompt-tests';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { withToast } from '@/lib/lazy-toast';
import { useAddTestCase } from '../api/add-test-case';

/*
 * The studio's form for a new test case (issue 56): a name, values for the prompt's variables, an
 * optional input message, and checks on the answer (a rubric with the model that judges it).
 * Checked with the server's own schema before it is sent.
 */

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

export function AddCaseForm({ prompt }: { prompt: CreatorPrompt }) {
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
