import { InfoIcon } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { MODELS } from '@shared/constants';
import type { ModelInfo } from '@shared/playground';
import { cn } from '@/lib/cn';
import { MODEL_DEFAULTS, type ModelRef } from '../lib/models';
import { ModelAvatar } from './model-avatar';

interface ModelPickerProps {
  value: ModelRef;
  onChange: (model: ModelRef) => void;
  /** From the server; empty while loading (or when it failed): Live and Demo are then not shown. */
  models: readonly ModelInfo[];
  disabled?: boolean;
}

/** The spec's three choices, as the picker shows them before (or without) the server's list. */
const DEFAULT_ITEMS = MODELS.map((id) => ({ id, ...MODEL_DEFAULTS[id] }));

/**
 * The models the user's plan offers as a radio group (arrow keys move between them), each saying
 * Live or Demo: the spec's three choices, then any other configured model (a local server's).
 */
export function ModelPicker({ value, onChange, models, disabled = false }: ModelPickerProps) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const selected = models.find((m) => m.id === value);
  const items: { id: string; name: string; provider: string }[] =
    models.length > 0 ? [...models] : DEFAULT_ITEMS;
  const ids = items.map((m) => m.id);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step || disabled) return;
    event.preventDefault();
    const next = ids[(Math.max(0, ids.indexOf(value)) + step + ids.length) % ids.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="playground-model">
      <h2
        id="playground-model"
        className="mb-2 px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        AI model
      </h2>
      <div
        role="radiogroup"
        aria-labelledby="playground-model"
        className="flex flex-col gap-1"
        onKeyDown={onKeyDown}
      >
        {items.map(({ id, name, provider }, index) => {
          const info = models.find((m) => m.id === id);
          // The first item takes the focus when the chosen model is not in the list.
          const checked = id === value;
          const focusable = checked || (!ids.includes(value) && index === 0);
          // Its provider is not answering: it cannot be picked until it is back.
          const down = info?.available === false;
          return (
            <button
              key={id}
              ref={(el) => {
                refs.current[id] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={focusable ? 0 : -1}
              disabled={disabled || down}
              onClick={() => onChange(id)}
              className={cn(
                'flex w-full cursor-pointer items-center gap-3 rounded-lg border px-2.5 py-2 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60',
                checked
                  ? 'border-primary/50 bg-primary/5 shadow-xs'
                  : 'border-transparent hover:bg-accent/60',
              )}
            >
              <ModelAvatar model={id} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{name}</span>
                <span className="block truncate text-xs text-muted-foreground">{provider}</span>
              </span>
              {info ? (
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap',
                    down
                      ? 'bg-destructive/10 text-destructive'
                      : info.live
                        ? 'bg-success/15 text-success'
                        : 'bg-muted text-muted-foreground',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'size-1.5 rounded-full',
                      down ? 'bg-destructive' : info.live ? 'bg-success' : 'bg-muted-foreground/60',
                    )}
                  />
                  {down ? 'Not answering' : info.live ? 'Live' : 'Demo'}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {selected && !selected.available ? (
        <p
          className="mt-2 flex gap-1.5 px-1 text-xs leading-relaxed text-destructive"
          data-testid="unavailable-note"
        >
          <InfoIcon aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {selected.name} is not answering right now. Pick another model, or try again in a minute.
        </p>
      ) : null}
      {selected && !selected.live ? (
        <p
          className="mt-2 flex gap-1.5 px-1 text-xs leading-relaxed text-muted-foreground"
          data-testid="demo-note"
        >
          <InfoIcon aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          Offline demo model — no API key configured
        </p>
      ) : null}
    </section>
  );
}
