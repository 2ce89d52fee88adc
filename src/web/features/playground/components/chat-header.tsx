import { FlaskConicalIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

interface ChatHeaderProps {
  title: string;
  prompt: { id: string; title: string } | null;
  onClear: () => void;
  clearDisabled: boolean;
  /** The panel button on phones. */
  leading?: ReactNode;
  /** Controls before Clear Chat (the settings). */
  extra?: ReactNode;
}

/** Above the conversation: what it is about, the prompt it tries, and Clear Chat. */
export function ChatHeader({ title, prompt, onClear, clearDisabled, leading, extra }: ChatHeaderProps) {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b px-3 sm:px-4">
      {leading}
      <div className="flex min-w-0 flex-1 items-center gap-2">
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
