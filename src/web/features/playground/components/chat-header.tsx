import { Columns3Icon, FlaskConicalIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

interface ChatHeaderProps {
  title: string;
  prompt: { id: string; title: string } | null;
  onClear: () => void;
  clearDisabled: boolean;
  /** The panel button on phones. */
  leading?: ReactNode;
  /** Controls before Clear Chat (the settings). */
  extra?: ReactNode;
  /** What the conversation's replies used so far, in full and short for phones. */
  usage?: { full: string; short: string } | null;
}

/** Above the conversation: what it is about, the prompt it tries, and Clear Chat. */
export function ChatHeader({
  title,
  prompt,
  onClear,
  clearDisabled,
  leading,
  extra,
  usage,
}: ChatHeaderProps) {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
      {leading}
      <div className="flex min-w-0 flex-1 flex-col justify-center">
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="truncate text-sm font-semibold sm:text-base" data-testid="chat-title">
            {title}
          </h1>
          {prompt && prompt.title ? (
            <Link
              to={`/marketplace/${encodeURIComponent(prompt.id)}`}
              className="hidden min-w-0 shrink items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary hover:bg-primary/15 sm:inline-flex"
              title={`Trying the prompt “${prompt.title}”`}
            >
              <FlaskConicalIcon aria-hidden className="size-3 shrink-0" />
              <span className="truncate">{prompt.title}</span>
            </Link>
          ) : null}
        </div>
        {usage ? (
          <p
            className="truncate text-xs text-muted-foreground tabular-nums"
            title={usage.full}
            data-testid="chat-usage"
          >
            {/* A phone shows the short form; a screen reader always hears the full one. */}
            <span aria-hidden className="sm:hidden">
              {usage.short}
            </span>
            <span className="sr-only sm:not-sr-only">{usage.full}</span>
          </p>
        ) : null}
      </div>
      {extra}
      <Button
        variant="ghost"
        size="sm"
        onClick={onClear}
        disabled={clearDisabled}
        aria-label="Clear Chat"
        title="Start a new conversation (this one stays in Recent Sessions)"
        className="shrink-0 text-muted-foreground hover:text-foreground"
      >
        <RotateCcwIcon aria-hidden />
        <span className="hidden sm:inline">Clear Chat</span>
      </Button>
    </div>
  );
}

/** Switches the chat to comparing two or three models side by side, and back. */
export function CompareToggle({ comparing, onToggle }: { comparing: boolean; onToggle: () => void }) {
  return (
    <Button
      variant={comparing ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={comparing}
      aria-label="Compare models"
      onClick={onToggle}
      className="shrink-0 text-muted-foreground hover:text-foreground"
      title="Send one message to two or three models side by side"
    >
      <Columns3Icon aria-hidden />
      <span className="hidden sm:inline">Compare</span>
    </Button>
  );
}

/** A conversation while it loads. */
export function ConversationSkeleton() {
  return (
    <div className="flex flex-col gap-7" role="status">
      <span className="sr-only">Loading conversation…</span>
      <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
      <div className="flex gap-3">
        <Skeleton className="size-8 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
    </div>
  );
}
