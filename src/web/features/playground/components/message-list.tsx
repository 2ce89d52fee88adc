import { ArrowDownIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ModelInfo } from '@shared/playground';
import { Button } from '@/components/ui/button';
import type { ChatItem } from '../hooks/use-chat-stream';
import { BaselineCompare } from './baseline-compare';
import { MessageItem } from './message-item';
import { useReplyAnnouncement } from '../hooks/use-reply-announcement';

interface MessageListProps {
  items: readonly ChatItem[];
  models: readonly ModelInfo[];
  /** Shown under the messages (alerts), or instead of them when there are none. */
  children?: ReactNode;
}

// Within this many pixels of the end counts as "at the bottom": the list keeps following the reply.
const STICK_PX = 96;

/**
 * The scrolling conversation. It follows a streaming reply while the reader is at the bottom, and
 * stays put (with a button back down) once they scroll up to read something earlier.
 */
export function MessageList({ items, models, children }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [away, setAway] = useState(false);
  const lastUserKey = [...items].reverse().find((i) => i.role === 'user')?.key;

  const toBottom = useCallback((behavior: ScrollBehavior = 'auto') => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior });
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    stick.current = atBottom;
    setAway(!atBottom);
  }, []);

  const hasItems = items.length > 0;
  const announcement = useReplyAnnouncement(items, models);

  // A message just sent: show it, whatever was being read. Without messages (the welcome, a prompt
  // to fill in) the top is what matters.
  useLayoutEffect(() => {
    stick.current = true;
    if (hasItems) toBottom();
    else scroller.current?.scrollTo({ top: 0 });
  }, [lastUserKey, hasItems, toBottom]);

  // New text: keep following if the reader was following.
  useLayoutEffect(() => {
    if (stick.current && hasItems) toBottom();
  }, [items, children, hasItems, toBottom]);

  // The scroller resizes with the window (and the phone keyboard): stay at the end if we were there.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && el.scrollTop > 0) toBottom();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [toBottom]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain"
        data-testid="message-list"
      >
        <div className="mx-auto flex min-h-full w-full max-w-3xl flex-col px-4 py-6 sm:px-6">
          {items.length > 0 ? (
            // Not a live region: a streaming reply would be read out token by token. The status
            // below says when a reply starts and ends; the reply itself is read where it stands.
            // Items are keyed by position so that the message a regenerate, an edit or a branch
            // switch replaces keeps its element, and the keyboard focus in it.
            <div
              role="log"
              aria-label="Conversation"
              aria-live="off"
              aria-busy={announcement.busy}
              className="flex flex-col gap-5"
            >
              {items.map((item, index) =>
                item.baseline ? (
                  <BaselineCompare key={index} item={item} models={models} />
                ) : (
                  <MessageItem key={index} item={item} models={models} />
                ),
              )}
            </div>
          ) : null}
          {children}
        </div>
      </div>
      <p role="status" className="sr-only" data-testid="reply-status">
        {announcement.text}
      </p>
      {away && items.length > 0 ? (
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => toBottom('smooth')}
          className="absolute bottom-3 left-1/2 size-9 -translate-x-1/2 rounded-full shadow-md"
          aria-label="Scroll to the latest message"
        >
          <ArrowDownIcon aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
