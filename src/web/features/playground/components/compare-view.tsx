import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircleIcon, ArrowRightIcon, FlaskConicalIcon, InfoIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ModelInfo, PromptTry } from '@shared/playground';
import type { SessionSettings } from '@shared/playground-settings';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCostMicros, formatNumber } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { type CompareColumnState, type CompareExchange, useCompare } from '../hooks/use-compare';
import { compareAnnouncement } from '../lib/announce';
import { compareAllowanceNote, compareTriesNote } from '../lib/compare';
import { modelName } from '../lib/models';
import { ChatComposer } from './chat-composer';
import { Markdown } from './markdown';
import { ModelAvatar } from './model-avatar';
import { TypingIndicator } from './message-item';
import { type PromptTrySend, PromptTryPanel, PromptTryPanelSkeleton } from './prompt-try-panel';

interface CompareViewProps {
  models: readonly ModelInfo[];
  /** Sessions left this month (null: unlimited). */
  remaining: number | null;
  settings: SessionSettings;
  /** The marketplace prompt every column tries (?prompt=), as the playground loads it. */
  prompt: UseQueryResult<PromptTry> | null;
  /** Drops the prompt: a plain compare. */
  onCloseTry: () => void;
  /** Goes on with one column's conversation as an ordinary chat. */
  onPick: (sessionId: string) => void;
  /** A compare finished: usage and the session list have moved. */
  onSettled: () => void;
}

const MAX_COLUMNS = 3;

function Stats({ exchange, currency }: { exchange: CompareExchange; currency: string }) {
  const usage = exchange.usage;
  const parts = [
    exchange.ttftMs !== null ? `first token ${formatNumber(exchange.ttftMs)} ms` : null,
    usage && usage.outputTokens !== null
      ? `${formatNumber((usage.inputTokens ?? 0) + usage.outputTokens)} tokens${usage.estimated ? ' (estimated)' : ''}`
      : null,
    usage && usage.costMicros !== null ? formatCostMicros(usage.costMicros, currency) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-muted-foreground tabular-nums" data-testid="compare-stats">
      {parts.join(' · ')}
    </p>
  );
}

function Column({
  column,
  models,
  currency,
  onPick,
  busy,
}: {
  column: CompareColumnState;
  models: readonly ModelInfo[];
  currency: string;
  onPick: (sessionId: string) => void;
  busy: boolean;
}) {
  const name = modelName(column.model, models);
  const last = column.exchanges.at(-1);
  return (
    <section
      aria-label={`${name} column`}
      aria-busy={last?.status === 'waiting' || last?.status === 'streaming'}
      data-testid="compare-column"
      data-status={last?.status}
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4"
    >
      <header className="flex items-center gap-2">
        <ModelAvatar model={column.model} className="size-7 [&_svg]:size-3.5" />
        <h2 className="font-semibold">{name}</h2>
        {column.live === false ? (
          <Badge variant="secondary" className="px-1.5 py-0 text-[11px]">
            Demo
          </Badge>
        ) : null}
      </header>
      {column.exchanges.map((e, i) => (
        <div key={i} className="flex flex-col gap-2">
          <p className="self-end rounded-2xl rounded-br-md bg-primary px-3 py-2 text-sm whitespace-pre-wrap break-words text-primary-foreground">
            {e.message}
          </p>
          {e.status === 'waiting' ? (
            <TypingIndicator />
          ) : e.status === 'error' ? (
            <p className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
              <AlertCircleIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              {e.error}
            </p>
          ) : (
            <div data-testid="compare-reply" className="min-w-0 text-sm">
              <Markdown text={e.text} />
            </div>
          )}
          <Stats exchange={e} currency={currency} />
        </div>
      ))}
      {column.sessionId && !busy && last?.status === 'complete' ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-auto self-start"
          onClick={() => onPick(column.sessionId!)}
        >
          Continue with {name}
          <ArrowRightIcon aria-hidden />
        </Button>
      ) : null}
    </section>
  );
}

/** Compare side by side: one message to two or three models, their replies in columns. */
export function CompareView(props: CompareViewProps) {
  const { models, remaining, settings, prompt, onCloseTry, onPick, onSettled } = props;
  // The first two models until the user picks (the list may arrive after a link to ?compare=1 opened).
  const [picked, setChosen] = useState<string[] | null>(null);
  const chosen = picked ?? models.slice(0, 2).map((m) => m.id);
  const [draft, setDraft] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const compare = useCompare(onSettled);
  const currency = useSiteConfig().data?.currency ?? 'USD';
  const started = compare.columns.length > 0;
  const tryData = prompt?.data ?? null;
  const note = started
    ? null
    : (compareAllowanceNote(remaining, chosen.length) ??
      (tryData?.content === null ? compareTriesNote(tryData.triesLeft, chosen.length) : null));

  const toggle = (id: string) =>
    setChosen(
      chosen.includes(id)
        ? chosen.filter((m) => m !== id)
        : chosen.length < MAX_COLUMNS
          ? [...chosen, id]
          : chosen,
    );

  const send = async () => {
    const message = draft.trim();
    if (!message || compare.streaming || (!started && chosen.length < 2)) return;
    setDraft('');
    if (!(await compare.send(message, chosen, settings))) setDraft((now) => now || message);
  };
  // A try's first message comes from the prompt's panel; what it sent stays there if refused.
  const sendTry = (input: PromptTrySend) =>
    void compare.send(input.message, chosen, settings, {
      promptId: input.promptId,
      ...(input.variables ? { variables: input.variables } : {}),
    });
  const trying = prompt !== null && !started;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-6">
          {started ? null : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Compare two or three models</legend>
              <div className="flex flex-wrap gap-2">
                {models.map((m) => {
                  const on = chosen.includes(m.id);
                  return (
                    <label
                      key={m.id}
                      className={cn(
                        'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
                        on ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                        !on && chosen.length >= MAX_COLUMNS && 'cursor-not-allowed opacity-50',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="accent-primary"
                        checked={on}
                        disabled={!on && chosen.length >= MAX_COLUMNS}
                        onChange={() => toggle(m.id)}
                      />
                      <ModelAvatar model={m.id} className="size-5 [&_svg]:size-3" />
                      {m.name}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
          {note ? (
            <Alert data-testid="compare-allowance">
              <InfoIcon aria-hidden />
              <AlertDescription>{note}</AlertDescription>
            </Alert>
          ) : null}
          {compare.error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden />
              <AlertDescription>{compare.error.message}</AlertDescription>
            </Alert>
          ) : null}
          {trying ? (
            tryData ? (
              <PromptTryPanel
                key={tryData.promptId}
                prompt={tryData}
                onSend={sendTry}
                onClose={onCloseTry}
                sending={compare.streaming}
                blocked={remaining === 0}
                error={null}
                compareColumns={chosen.length}
              />
            ) : prompt.isError ? (
              <Alert variant="destructive">
                <AlertCircleIcon aria-hidden />
                <AlertDescription>
                  {prompt.error.message || 'This prompt could not be loaded.'}
                </AlertDescription>
              </Alert>
            ) : (
              <PromptTryPanelSkeleton />
            )
          ) : null}
          {started && tryData ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="compare-try">
              <FlaskConicalIcon aria-hidden className="size-4 shrink-0 text-primary" />
              <span className="min-w-0">
                Trying <span className="font-medium text-foreground">{tryData.title}</span>
                {tryData.content === null
                  ? ' — its text stays private: each column ran it on the server.'
                  : ''}
              </span>
            </p>
          ) : null}
          {started ? (
            <div
              className={cn(
                'grid grid-cols-1 gap-3 md:grid-cols-2',
                compare.columns.length === 3 && 'lg:grid-cols-3',
              )}
              data-testid="compare-columns"
            >
              {compare.columns.map((c) => (
                <Column
                  key={c.model}
                  column={c}
                  models={models}
                  currency={currency}
                  onPick={onPick}
                  busy={compare.streaming}
                />
              ))}
            </div>
          ) : null}
          {/* The columns are not live regions (each would read its reply word by word): this says how far they are. */}
          <p role="status" className="sr-only" data-testid="compare-status">
            {compareAnnouncement(
              compare.columns.map((c) => ({
                name: modelName(c.model, models),
                phase: c.exchanges.at(-1)?.status ?? null,
              })),
            )}
          </p>
        </div>
      </div>
      {trying ? null : (
        <ChatComposer
          value={draft}
          onChange={setDraft}
          onSend={() => void send()}
          onStop={compare.stop}
          streaming={compare.streaming}
          disabled={!started && chosen.length < 2}
          textareaRef={textareaRef}
          placeholder={
            started
              ? 'Message every column…'
              : chosen.length < 2
                ? 'Choose two or three models'
                : `Message ${chosen.length} models…`
          }
          footnote={
            <span>
              {started
                ? 'Each column goes on in its own conversation.'
                : 'Each column is a conversation of its own.'}
            </span>
          }
        />
      )}
    </div>
  );
}
