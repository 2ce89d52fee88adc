import { AlertTriangleIcon, ChevronDownIcon, ChevronUpIcon, SquareIcon } from 'lucide-react';
import { memo, useId, useRef, useState } from 'react';
import type { ModelInfo } from '@shared/playground';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { ChatItem } from '../hooks/use-chat-stream';
import { describeMessageModel, modelName } from '../lib/models';
import { MessageAttachments } from './attachments';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown';
import { AlternativesPager, ReplyActions, useMessageEditor } from './message-actions';
import { ModelAvatar } from './model-avatar';
import { ReplyReasoning, ReplySources, ReplyUsageLine } from './reply-extras';

// A message is focused (by script) after an action replaced what it shows; keyboard users see where.
const MESSAGE =
  'flex flex-col gap-1 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background';

// Actions appear on hover with a mouse, and stay visible where there is no hover (touch screens).
const ACTIONS =
  'flex items-center gap-1 opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100';

/** A user message longer than this starts folded (a filled-in marketplace prompt can run for pages). */
const FOLD_CHARS = 700;

function time(timestamp: string) {
  return formatDate(timestamp, 'datetime');
}

function UserMessage({ item }: { item: ChatItem }) {
  const long = item.content.length > FOLD_CHARS;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const editor = useMessageEditor(item, root);
  // The same element while editing and after: focus goes back to it (or its Edit button).
  if (editor.editing) {
    return (
      <article
        ref={root}
        tabIndex={-1}
        aria-label="Your message"
        className={cn(MESSAGE, 'items-end')}
        data-testid="message"
        data-role="user"
      >
        {editor.editor}
      </article>
    );
  }
  return (
    <article
      ref={root}
      tabIndex={-1}
      aria-label="Your message"
      className={cn(MESSAGE, 'group items-end')}
      data-testid="message"
      data-role="user"
    >
      <div
        data-testid="message-content"
        className={cn(
          'relative max-w-[88%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-primary-foreground shadow-sm sm:max-w-[80%]',
          long && !open && 'max-h-56 overflow-hidden',
        )}
      >
        {item.content}
        {long && !open ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 rounded-b-2xl bg-gradient-to-t from-primary to-transparent" />
        ) : null}
      </div>
      <MessageAttachments attachments={item.attachments} />
      <div className={cn(ACTIONS, long && 'opacity-100')}>
        {long ? (
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-md px-2 text-xs font-medium text-muted-foreground hover:bg-accent hover:text-foreground"
            aria-expanded={open}
          >
            {open ? (
              <ChevronUpIcon className="size-3.5" aria-hidden />
            ) : (
              <ChevronDownIcon className="size-3.5" aria-hidden />
            )}
            {open ? 'Show less' : 'Show all'}
          </button>
        ) : null}
        <time dateTime={item.timestamp} className="px-1 text-xs text-muted-foreground">
          {time(item.timestamp)}
        </time>
        <CopyButton text={item.content} label="Copy message" />
        {editor.button}
        <AlternativesPager item={item} />
      </div>
    </article>
  );
}

/** Three dots while the model has not sent its first word. */
export function TypingIndicator() {
  // Not a live region of its own: the conversation's status already says a reply is on its way.
  return (
    <div className="flex h-7 items-center gap-1" data-testid="typing-indicator">
      <span className="sr-only">Writing a reply…</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden
          className="size-2 animate-bounce rounded-full bg-muted-foreground/60"
          style={{ animationDelay: `${delay}ms`, animationDuration: '1s' }}
        />
      ))}
    </div>
  );
}

function AiMessage({ item, models }: { item: ChatItem; models: readonly ModelInfo[] }) {
  const saved = describeMessageModel(item.modelId, models);
  const choice = item.choice ?? saved.choice;
  const name = item.choice ? modelName(item.choice, models) : saved.name;
  const demo =
    item.demo ?? (item.choice ? models.find((m) => m.id === item.choice)?.live === false : saved.demo);
  const waiting = item.status === 'waiting';
  const streaming = item.status === 'streaming';
  const empty = item.content.trim() === '';
  const root = useRef<HTMLElement>(null);
  const nameId = useId();

  return (
    <article
      ref={root}
      tabIndex={-1}
      aria-labelledby={nameId}
      className={cn(MESSAGE, 'group gap-0')}
      data-testid="message"
      data-role="ai"
      data-status={item.status}
      aria-busy={waiting || streaming}
    >
      <div className="mb-1.5 flex flex-wrap items-center gap-2 text-sm">
        <ModelAvatar model={choice} className="size-7 [&_svg]:size-3.5" />
        <span className="font-semibold" id={nameId}>
          <span className="sr-only">Reply from </span>
          {name}
        </span>
        {demo ? (
          <Badge
            variant="secondary"
            className="px-1.5 py-0 text-[11px]"
            title="Offline demo model — no API key configured"
          >
            Demo
          </Badge>
        ) : null}
        {item.status === 'stopped' ? (
          <Badge variant="outline" className="gap-1 px-1.5 py-0 text-[11px] text-muted-foreground">
            <SquareIcon aria-hidden className="size-2.5! fill-current" />
            Stopped
          </Badge>
        ) : null}
        {item.status === 'error' && !item.apology ? (
          <Badge variant="destructive" className="px-1.5 py-0 text-[11px]">
            Interrupted
          </Badge>
        ) : null}
      </div>
      <div className="min-w-0 sm:pl-9">
        {waiting ? (
          <TypingIndicator />
        ) : item.apology ? (
          <div className="flex items-start gap-2 rounded-xl border border-destructive/30 bg-destructive/5 px-3.5 py-2.5 text-[15px] leading-relaxed">
            <AlertTriangleIcon aria-hidden className="mt-1 size-4 shrink-0 text-destructive" />
            <p>{item.content}</p>
          </div>
        ) : empty && item.status === 'stopped' ? (
          <p className="text-sm text-muted-foreground italic">Stopped before the reply began.</p>
        ) : (
          <>
            <ReplyReasoning reasoning={item.reasoning} />
            <div data-testid="message-content">
              <Markdown text={item.content} />
            </div>
            <ReplySources sources={item.sources} />
            {/* Only once the reply is done: a streaming reply's usage is not known yet. */}
            {!streaming ? <ReplyUsageLine usage={item.usage} /> : null}
          </>
        )}
        {!waiting && !streaming && !empty ? (
          <div
            className={cn(ACTIONS, '-ml-2 mt-1 flex-wrap', item.finishReason === 'length' && 'opacity-100')}
          >
            <AlternativesPager item={item} />
            <CopyButton text={item.content} label="Copy message" />
            {/* The buttons go while the new reply streams: focus waits on the reply itself. */}
            <ReplyActions item={item} onAct={() => root.current?.focus()} />
            <time dateTime={item.timestamp} className="px-1 text-xs text-muted-foreground">
              {time(item.timestamp)}
            </time>
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** One message of the conversation: the user's on the right, the model's on the left. */
export const MessageItem = memo(function MessageItem({
  item,
  models,
}: {
  item: ChatItem;
  models: readonly ModelInfo[];
}) {
  return item.role === 'user' ? <UserMessage item={item} /> : <AiMessage item={item} models={models} />;
});
