import { ArrowUpIcon, SquareIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useLayoutEffect } from 'react';
import { MAX_MESSAGE_CHARS, type ModelInfo } from '@shared/playground';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  /** Sending is not possible (the allowance is used up, a conversation is loading). */
  disabled?: boolean;
  placeholder?: string;
  /** Under the box: which model answers, and whether it is the offline demo. */
  footnote?: ReactNode;
  /** Before the send button: the attach button. */
  tools?: ReactNode;
  /** Above the text: the files picked for this message. */
  attachments?: ReactNode;
  /** Files are still uploading (or one failed): sending waits. */
  sendBlocked?: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** The counter appears once a message gets near the server's cap. */
const COUNTER_FROM = Math.round(MAX_MESSAGE_CHARS * 0.8);
const MAX_HEIGHT_PX = 240;

/** The message box: Enter sends, Shift+Enter starts a new line; Stop while a reply streams. */
export function ChatComposer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  disabled = false,
  placeholder = 'Message the assistant…',
  footnote,
  tools,
  attachments,
  sendBlocked = false,
  textareaRef,
}: ChatComposerProps) {
  const tooLong = value.length > MAX_MESSAGE_CHARS;
  const canSend = !disabled && !streaming && !sendBlocked && value.trim() !== '' && !tooLong;

  // Grow with the text up to a limit, then scroll inside.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value, textareaRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to confirm it: that Enter is not "send".
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-4">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) onSend();
        }}
        className={cn(
          'rounded-2xl border bg-card shadow-sm transition-colors focus-within:border-ring/60 focus-within:ring-2 focus-within:ring-ring/20',
          disabled && 'opacity-70',
          tooLong &&
            'border-destructive/60 focus-within:border-destructive/60 focus-within:ring-destructive/20',
        )}
      >
        {attachments}
        <label htmlFor="playground-message" className="sr-only">
          Message
        </label>
        <textarea
          id="playground-message"
          ref={textareaRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          disabled={disabled}
          placeholder={placeholder}
          aria-describedby="playground-composer-hint"
          aria-invalid={tooLong || undefined}
          className="block max-h-60 min-h-12 w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-relaxed placeholder:text-muted-foreground focus:outline-none disabled:cursor-not-allowed"
        />
        <div className="flex items-center gap-3 px-2.5 pb-2.5 pl-4">
          <div className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{footnote}</div>
          {value.length >= COUNTER_FROM ? (
            <span
              className={cn(
                'text-xs tabular-nums',
                tooLong ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
              data-testid="char-counter"
              aria-live="polite"
            >
              {formatNumber(value.length)} / {formatNumber(MAX_MESSAGE_CHARS)}
            </span>
          ) : null}
          {tools}
          {streaming ? (
            <Button
              type="button"
              size="icon"
              onClick={onStop}
              className="size-9 shrink-0 rounded-full"
              aria-label="Stop"
              title="Stop the reply"
            >
              <SquareIcon aria-hidden className="size-3.5! fill-current" />
            </Button>
          ) : (
            // aria-disabled, not disabled: Stop becomes this button when the reply ends, and a
            // disabled button would drop the keyboard focus it had.
            <Button
              type="submit"
              size="icon"
              aria-disabled={!canSend}
              className="size-9 shrink-0 rounded-full aria-disabled:pointer-events-none aria-disabled:opacity-50"
              aria-label="Send message"
              title="Send (Enter)"
            >
              <ArrowUpIcon aria-hidden className="size-4.5!" />
            </Button>
          )}
        </div>
      </form>
      <p
        id="playground-composer-hint"
        className="mt-2 hidden text-center text-xs text-muted-foreground sm:block"
      >
        {tooLong
          ? `Messages can be at most ${formatNumber(MAX_MESSAGE_CHARS)} characters.`
          : 'Enter to send · Shift+Enter for a new line'}
      </p>
    </div>
  );
}

/** Under the box: which model answers, and that it is the offline demo when no key is configured. */
export function ModelFootnote({ name, model }: { name: string; model: ModelInfo | undefined }) {
  if (model && !model.live) {
    return (
      <span>
        <span className="font-medium text-foreground/80">{name} · Demo</span>
        <span className="hidden sm:inline"> — Offline demo model — no API key configured</span>
      </span>
    );
  }
  return (
    <span>
      {name}
      {model ? ` · ${model.provider}` : ''}
    </span>
  );
}
