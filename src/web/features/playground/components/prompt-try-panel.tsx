import {
  ArrowUpIcon,
  Columns3Icon,
  CrownIcon,
  FlaskConicalIcon,
  Loader2Icon,
  ShoppingCartIcon,
  XIcon,
} from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type PromptTry, MAX_MESSAGE_CHARS, fillVariables } from '@shared/playground';
import { useCheckout } from '@/components/checkout/use-checkout';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { segmentPrompt } from '../lib/prompt-segments';

/** Free tries of a premium prompt per user (product-decisions.md; the server counts and enforces them). */
/** What the server answers once they are used; shown before anyone has to send to find out. */
const triesUsedMessage = (total: number) =>
  `You have used your ${total} tries of this premium prompt. Buy it to keep using it.`;

export interface PromptTrySend {
  message: string;
  promptId: string;
  promptTitle: string;
  /** Only for a premium prompt the user has not bought: the server fills its text. */
  variables?: Record<string, string>;
  /** The same model also answers the request without the prompt, side by side (issue 56). */
  baseline?: boolean;
}

interface PromptTryPanelProps {
  prompt: PromptTry;
  onSend: (send: PromptTrySend) => void;
  onClose: () => void;
  sending: boolean;
  /** The allowance is used up: the form stays readable, sending waits. */
  blocked: boolean;
  /** The server refused the last try (tries used up, limit...). */
  error: string | null;
  /** Opens the same try as a compare of two or three models. */
  onCompare?: () => void;
  /** The try is a compare of this many model columns (each a try of its own). */
  compareColumns?: number;
}

const promptPage = (id: string) => `/marketplace/${encodeURIComponent(id)}`;

function labelOf(name: string) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function PromptPreview({ content, values }: { content: string; values: Record<string, string> }) {
  const segments = useMemo(() => segmentPrompt(content, values), [content, values]);
  return (
    <div
      className="max-h-64 overflow-y-auto rounded-lg border bg-muted/40 px-3.5 py-3 text-sm leading-relaxed whitespace-pre-wrap break-words"
      data-testid="prompt-preview"
      aria-label="Prompt preview"
    >
      {segments.map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : s.value !== null ? (
          <mark key={i} className="rounded bg-primary/15 px-0.5 text-foreground">
            {s.value}
          </mark>
        ) : (
          <span key={i} className="rounded border border-dashed border-primary/40 px-0.5 text-primary">
            {s.placeholder}
          </span>
        ),
      )}
    </div>
  );
}

/**
 * Trying a marketplace prompt: one field per variable, then the first message. A free prompt (or
 * one the user owns) is filled in here and sent as text; a premium prompt is never in the browser,
 * so the user says what they want and the server fills the prompt in.
 */
export function PromptTryPanel({
  prompt,
  onSend,
  onClose,
  sending,
  blocked,
  error,
  onCompare,
  compareColumns,
}: PromptTryPanelProps) {
  const comparing = compareColumns !== undefined;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Not on a phone: the keyboard would cover the prompt before it has been read.
    if (!window.matchMedia('(min-width: 640px)').matches) return;
    formRef.current
      ?.querySelector<HTMLElement>('textarea:not(:disabled), input:not(:disabled)')
      ?.focus({ preventScroll: true });
  }, []);
  const [values, setValues] = useState<Record<string, string>>({});
  const [request, setRequest] = useState('');
  const [baseline, setBaseline] = useState(false);
  const locked = prompt.content === null;
  const triesLeft = prompt.triesLeft;
  // The server says how many tries there are; its default is 3.
  const triesTotal = prompt.triesTotal ?? 3;
  const outOfTries = locked && triesLeft !== null && triesLeft <= 0;
  const filledCount = prompt.variables.filter((v) => (values[v] ?? '').trim() !== '').length;
  const filled = prompt.content === null ? null : fillVariables(prompt.content, values);
  const tooLong = (filled ?? request).length > MAX_MESSAGE_CHARS;
  const canSend =
    !sending &&
    !blocked &&
    !outOfTries &&
    !tooLong &&
    (!comparing || compareColumns >= 2) &&
    (locked ? request.trim() !== '' : filled !== null);

  const submit = () => {
    if (!canSend) return;
    if (filled !== null) {
      onSend({ message: filled.trim(), promptId: prompt.promptId, promptTitle: prompt.title });
    } else {
      const variables = Object.fromEntries(
        prompt.variables.map((v) => [v, (values[v] ?? '').trim()]).filter(([, value]) => value !== ''),
      );
      onSend({
        message: request.trim(),
        promptId: prompt.promptId,
        promptTitle: prompt.title,
        variables,
        ...(baseline ? { baseline: true } : {}),
      });
    }
  };

  // Buying here (issue 7): once paid, the refreshed try data carries the text and the tries end.
  const checkout = useCheckout();
  const buying = checkout.activeKey !== null;
  const buy = (
    <Button
      type="button"
      size="sm"
      variant={outOfTries ? 'default' : 'outline'}
      className="h-8 shrink-0"
      disabled={buying}
      onClick={() => checkout.start({ promptId: prompt.promptId })}
    >
      {buying ? <Loader2Icon aria-hidden className="animate-spin" /> : <ShoppingCartIcon aria-hidden />}
      Buy{prompt.price > 0 ? ` for ${formatPrice(Math.round(prompt.price * 100))}` : ''}
    </Button>
  );

  return (
    <section
      aria-labelledby={`${formId}-title`}
      className="my-auto w-full rounded-2xl border bg-card shadow-sm"
      data-testid="prompt-try"
    >
      <header className="flex items-start gap-3 border-b px-4 py-3.5 sm:px-5">
        <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <FlaskConicalIcon aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-muted-foreground">Try a marketplace prompt</p>
          <h2
            id={`${formId}-title`}
            className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold leading-snug"
          >
            <Link to={promptPage(prompt.promptId)} className="hover:underline">
              {prompt.title}
            </Link>
            {prompt.type === 'premium' ? (
              <Badge variant="warning" className="gap-1">
                <CrownIcon aria-hidden />
                Premium
              </Badge>
            ) : (
              <Badge variant="success">Free</Badge>
            )}
          </h2>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 size-8 text-muted-foreground"
          onClick={onClose}
          aria-label="Close prompt"
          title="Close the prompt and start a blank chat"
        >
          <XIcon aria-hidden />
        </Button>
      </header>

      <form
        ref={formRef}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4 px-4 py-4 sm:px-5"
      >
        {locked ? (
          <div
            className={cn(
              'flex flex-wrap items-center justify-between gap-3 rounded-lg border px-3.5 py-2.5',
              outOfTries ? 'border-destructive/40 bg-destructive/5' : 'border-warning/50 bg-warning/10',
            )}
            data-testid="premium-banner"
          >
            <p className="flex items-center gap-2 text-sm">
              <CrownIcon aria-hidden className="size-4 shrink-0 text-warning" />
              {outOfTries ? (
                <span>
                  <span className="font-medium">Premium prompt</span> — no free tries left
                </span>
              ) : (
                <span>
                  <span className="font-medium">Premium prompt</span> — free try: {triesLeft ?? triesTotal} of{' '}
                  {triesTotal} left
                </span>
              )}
            </p>
            {buy}
          </div>
        ) : null}

        {locked ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${formId}-request`}>What do you want it to do?</Label>
            <p className="text-xs text-muted-foreground">
              The prompt's text stays private until you buy it: it runs behind the scenes on your request.
            </p>
            <Textarea
              id={`${formId}-request`}
              value={request}
              onChange={(event) => setRequest(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
                event.preventDefault();
                submit();
              }}
              placeholder="Describe your task, e.g. the product, the audience and the goal…"
              className="min-h-20 resize-y"
              disabled={outOfTries}
            />
          </div>
        ) : null}

        {prompt.variables.length > 0 ? (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
              <span>{locked ? 'Details for the prompt' : 'Fill in the prompt'}</span>
              <span className="text-xs font-normal text-muted-foreground tabular-nums">
                {filledCount} of {prompt.variables.length} filled
              </span>
            </legend>
            {prompt.variables.map((name, i) => {
              const id = `${formId}-var-${i}`;
              return (
                <div key={name} className="flex flex-col gap-1.5">
                  <Label htmlFor={id} className="text-xs text-muted-foreground">
                    {labelOf(name)}
                  </Label>
                  <Input
                    id={id}
                    value={values[name] ?? ''}
                    maxLength={2000}
                    onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
                    placeholder={labelOf(name)}
                    className="h-9"
                  />
                </div>
              );
            })}
          </fieldset>
        ) : null}

        {!locked && prompt.content !== null ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium">Prompt preview</p>
            <PromptPreview content={prompt.content} values={values} />
          </div>
        ) : null}

        {locked && !outOfTries && !comparing ? (
          <div className="flex items-start gap-3 rounded-lg border px-3.5 py-3">
            <Switch
              id={`${formId}-baseline`}
              checked={baseline}
              onCheckedChange={setBaseline}
              className="mt-0.5"
              data-testid="baseline-switch"
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${formId}-baseline`}>Compare with the plain model</Label>
              <p className="text-xs text-muted-foreground">
                The same model also answers your request without the prompt, side by side. Still one try.
              </p>
            </div>
          </div>
        ) : null}

        {error || outOfTries ? (
          <Alert variant="destructive" data-testid="prompt-try-error">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              <span>{error ?? triesUsedMessage(triesTotal)}</span>
              {locked && !outOfTries ? buy : null}
            </AlertDescription>
          </Alert>
        ) : null}
        {tooLong ? (
          <p className="text-sm text-destructive">
            This is longer than the {MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters a message can have.
          </p>
        ) : null}

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-xs text-muted-foreground">
            {comparing
              ? locked
                ? 'Each model column is a session of its own and uses one free try.'
                : 'Each model column is a session of its own.'
              : locked
                ? 'Sending uses one free try and starts a new session.'
                : 'This becomes the first message of a new session.'}
          </p>
          {onCompare && !comparing ? (
            <Button type="button" variant="outline" className="rounded-full" onClick={onCompare}>
              <Columns3Icon aria-hidden />
              Compare models
            </Button>
          ) : null}
          <Button type="submit" disabled={!canSend} className="rounded-full">
            {sending ? <Loader2Icon aria-hidden className="animate-spin" /> : <ArrowUpIcon aria-hidden />}
            {comparing
              ? compareColumns < 2
                ? 'Choose two or three models'
                : `Compare ${compareColumns} models`
              : locked
                ? 'Send with a free try'
                : 'Send'}
          </Button>
        </div>
      </form>
      {checkout.dialog}
    </section>
  );
}

/** The panel's shape while the prompt loads. */
export function PromptTryPanelSkeleton() {
  return (
    <div className="my-auto w-full rounded-2xl border bg-card p-5 shadow-sm" aria-label="Loading the prompt">
      <Skeleton className="h-3 w-32" />
      <Skeleton className="mt-2 h-5 w-64" />
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
      <Skeleton className="mt-4 h-28" />
    </div>
  );
}
