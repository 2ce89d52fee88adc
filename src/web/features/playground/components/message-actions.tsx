import { ChevronLeftIcon, ChevronRightIcon, PencilIcon, PlayIcon, RefreshCwIcon } from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ChatItem } from '../hooks/use-chat-stream';

/*
 * What a saved message offers: browse its alternatives (1/2/3), regenerate a reply, continue a
 * reply the length limit cut, edit and resend a user message. The page provides the handlers
 * through context, so the memoised message items re-render only when their own item changes.
 */

export interface MessageActionHandlers {
  /** No reply is streaming, so a new one may start. */
  ready: boolean;
  regenerate(item: ChatItem): void;
  continueReply(item: ChatItem): void;
  edit(item: ChatItem, text: string): void;
  browse(item: ChatItem, messageId: string): void;
}

export const MessageActionsContext = createContext<MessageActionHandlers | null>(null);

const ICON_BUTTON = 'h-7 gap-1 px-2 text-xs text-muted-foreground hover:text-foreground';
// aria-disabled rather than disabled: a disabled button drops the keyboard focus, and the pager's
// buttons keep it while the user steps from one alternative to the next.
const PAGER_BUTTON = 'size-7 aria-disabled:cursor-not-allowed aria-disabled:[&_svg]:opacity-40';

/** ‹ 2 / 3 › between a message and its alternatives. */
export function AlternativesPager({ item }: { item: ChatItem }) {
  const actions = useContext(MessageActionsContext);
  const at = item.id ? item.alternatives.indexOf(item.id) : -1;
  if (!actions || at < 0 || item.alternatives.length < 2) return null;
  const total = item.alternatives.length;
  const go = (to: number) => actions.browse(item, item.alternatives[to]!);
  const kind = item.role === 'user' ? 'version' : 'reply';
  const canGo = (to: number) => actions.ready && to >= 0 && to < total;
  const button = (to: number, label: string, icon: ReactNode) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={PAGER_BUTTON}
      aria-disabled={!canGo(to)}
      onClick={() => canGo(to) && go(to)}
      aria-label={label}
    >
      {icon}
    </Button>
  );
  return (
    <div
      role="group"
      aria-label={kind === 'reply' ? 'Alternative replies' : 'Versions of this message'}
      className="flex items-center text-xs text-muted-foreground"
      data-testid="alternatives"
    >
      {button(at - 1, `Previous ${kind}`, <ChevronLeftIcon aria-hidden />)}
      <span aria-hidden className="tabular-nums">
        {at + 1} / {total}
      </span>
      {/* Spoken when it changes, as the focus stays on the arrow just pressed. */}
      <span className="sr-only" aria-live="polite">
        {`${kind === 'reply' ? 'Reply' : 'Version'} ${at + 1} of ${total}`}
      </span>
      {button(at + 1, `Next ${kind}`, <ChevronRightIcon aria-hidden />)}
    </div>
  );
}

/** Regenerate, and Continue when the length limit cut this reply. */
export function ReplyActions({ item, onAct }: { item: ChatItem; onAct: () => void }) {
  const actions = useContext(MessageActionsContext);
  if (!actions || !item.id) return null;
  return (
    <>
      {item.finishReason === 'length' ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-7 gap-1 px-2 text-xs"
          disabled={!actions.ready}
          onClick={() => {
            onAct();
            actions.continueReply(item);
          }}
        >
          <PlayIcon aria-hidden />
          Continue
        </Button>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={ICON_BUTTON}
        disabled={!actions.ready}
        onClick={() => {
          onAct();
          actions.regenerate(item);
        }}
        aria-label="Regenerate reply"
        title="Regenerate reply (the current one stays as an alternative)"
      >
        <RefreshCwIcon aria-hidden />
      </Button>
    </>
  );
}

/**
 * The Edit button of a user message and, while editing, the box that resends it. Focus goes back to
 * the Edit button on Cancel, and to the message (`root`) once it is sent.
 */
export function useMessageEditor(item: ChatItem, root: RefObject<HTMLElement | null>) {
  const actions = useContext(MessageActionsContext);
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const editButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'button' | 'message' | null>(null);
  useEffect(() => {
    if (editing || !focusAfter.current) return;
    (focusAfter.current === 'button' ? editButton.current : root.current)?.focus();
    focusAfter.current = null;
  }, [editing, root]);
  const close = (then: 'button' | 'message') => {
    focusAfter.current = then;
    setDraft(null);
  };
  const button =
    actions && item.id ? (
      <Button
        ref={editButton}
        type="button"
        variant="ghost"
        size="sm"
        className={ICON_BUTTON}
        disabled={!actions.ready}
        onClick={() => setDraft(item.content)}
        aria-label="Edit message"
        title="Edit and resend (the conversation branches; the old branch stays)"
      >
        <PencilIcon aria-hidden />
      </Button>
    ) : null;
  const send = () => {
    const text = draft?.trim();
    if (!text || !actions) return;
    close('message');
    actions.edit(item, text);
  };
  const editor = editing ? (
    <form
      className="flex w-full max-w-[88%] flex-col gap-2 sm:max-w-[80%]"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Textarea
        aria-label="Edit message"
        value={draft}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Escape also stops a streaming reply (use-shortcuts.ts): here it only cancels the edit.
            e.stopPropagation();
            close('button');
          }
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
        className="min-h-20 text-[15px]"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => close('button')}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!draft?.trim() || !actions?.ready}>
          Save and send
        </Button>
      </div>
    </form>
  ) : null;
  return { editing, button, editor };
}
