import type { PlaygroundMessage, SessionDetail, Source, Upload } from '@shared/playground';
import type { SessionSettings, SessionSettingsInput } from '@shared/playground-settings';
import type { ApiError } from '@/lib/api-client';

/*
 * The conversation on screen as state: the branch shown (each item with its alternatives), and the
 * one reply in flight, which streams into the last AI item.
 */

/** The spec's AI bubble for a failed reply (section 8, Playground). */
export const APOLOGY_MESSAGE = "I'm sorry, I'm having trouble responding right now. Please try again later.";

export type ChatItemStatus = 'waiting' | 'streaming' | 'complete' | 'stopped' | 'error';

export interface ChatItem {
  key: string;
  role: 'user' | 'ai';
  content: string;
  status: ChatItemStatus;
  /** The choice that answered, when this browser saw it answer. */
  choice: string | null;
  /** The provider's model id, as the server stored it (saved replies). */
  modelId: string | null;
  /** Answered by the offline demo model (null: read it from modelId). */
  demo: boolean | null;
  timestamp: string;
  /** The spec's apology in place of a reply that failed. */
  apology: boolean;
  /** The sources the model cited (Perplexity), numbered under the answer. */
  sources: Source[];
  /** The model's reasoning, where it returned any. */
  reasoning: string | null;
  /** The server's id, once saved (what regenerate, edit and the alternatives refer to). */
  id: string | null;
  /** This message and its alternatives (regenerated replies, edits), oldest first. */
  alternatives: string[];
  /** 'length' when the reply limit cut the reply (Continue goes on). */
  finishReason: string | null;
  /** Files sent with a user message. */
  attachments: Upload[];
  /**
   * A try against a baseline (issue 56): the same model's answer without the prompt, shown beside
   * this reply while this page is open (it is not saved with the conversation).
   */
  baseline?: { pending: boolean; response: string | null; latencyMs: number | null };
}

export interface SendInput {
  message: string;
  model: string;
  promptId?: string;
  variables?: Record<string, string>;
  /** Shown in the header for a conversation that tries a marketplace prompt. */
  promptTitle?: string;
  /** A new conversation's settings. */
  settings?: SessionSettingsInput;
  /** Edit and resend: the user message (by position and id) this one replaces. */
  edit?: { index: number; messageId: string };
  /** Files uploaded to send with the message. */
  attachments?: Upload[];
  /** With a premium try's first message: the plain model's answer too, side by side. */
  baseline?: boolean;
}

export type SendResult =
  | { ok: true }
  | { ok: false; stopped: true }
  | {
      ok: false;
      stopped: false;
      error: ApiError;
      /** The server refused the message before answering: nothing was saved, the draft goes back. */
      rejected: boolean;
    };

export interface ChatState {
  sessionId: string | null;
  title: string | null;
  /** The open conversation's settings (null: a new conversation, whose settings the page holds). */
  settings: SessionSettings | null;
  prompt: { id: string; title: string } | null;
  items: ChatItem[];
  phase: 'idle' | 'loading' | 'streaming';
  error: ApiError | null;
}

export type Action =
  | { type: 'reset' }
  | { type: 'load-start'; sessionId: string }
  | { type: 'loaded'; detail: SessionDetail }
  | { type: 'load-failed'; error: ApiError }
  /** A reply starts: the first `keep` items stay, then the new user message (if any) and the reply. */
  | {
      type: 'send';
      keep: number;
      user: ChatItem | null;
      ai: ChatItem;
      title: string;
      prompt: ChatState['prompt'];
    }
  /** More of the last reply starts (Continue). */
  | { type: 'continue' }
  | { type: 'session'; sessionId: string; choice: string; live: boolean }
  | { type: 'tokens'; text: string }
  | {
      type: 'done';
      content: string;
      sources: Source[];
      reasoning: string | null;
      id: string;
      userId: string | null;
      finishReason: string | null;
      baseline: { response: string | null; latencyMs: number } | null;
    }
  | { type: 'stopped' }
  /** `added`: the items this attempt put on screen (taken back off when the server refused it). */
  | { type: 'failed'; error: ApiError; rejected: boolean; added: number }
  | { type: 'dismiss-error' };

export const INITIAL: ChatState = {
  sessionId: null,
  title: null,
  settings: null,
  prompt: null,
  items: [],
  phase: 'idle',
  error: null,
};

let keySeq = 0;
export const nextKey = () => `local-${++keySeq}`;

/** A new item as this browser shows it before the server has saved it. */
export function localItem(
  role: ChatItem['role'],
  content: string,
  choice: string | null,
  attachments: Upload[] = [],
): ChatItem {
  return {
    key: nextKey(),
    role,
    content,
    status: role === 'user' ? 'complete' : 'waiting',
    choice,
    modelId: null,
    demo: null,
    timestamp: new Date().toISOString(),
    apology: false,
    sources: [],
    reasoning: null,
    id: null,
    alternatives: [],
    finishReason: null,
    attachments,
  };
}

/** The header's title for a new conversation; the server derives the saved one the same way. */
export function titleOf(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= 60 ? flat : `${flat.slice(0, 57).trimEnd()}…`;
}

function fromSaved(m: PlaygroundMessage): ChatItem {
  const failedEmpty = m.type === 'ai' && m.status === 'error' && m.content.trim() === '';
  return {
    key: m.id,
    role: m.type,
    content: failedEmpty ? APOLOGY_MESSAGE : m.content,
    status: m.status === 'complete' ? 'complete' : m.status === 'incomplete' ? 'stopped' : 'error',
    choice: null,
    modelId: m.model,
    demo: null,
    timestamp: m.timestamp,
    apology: failedEmpty,
    sources: m.sources ?? [],
    reasoning: m.reasoning ?? null,
    id: m.id,
    alternatives: m.alternatives ?? [m.id],
    finishReason: m.finishReason ?? null,
    attachments: m.attachments ?? [],
  };
}

/** Names the saved user message a reply answered (the item before the reply), if it had no id yet. */
function withUserId(items: ChatItem[], userId: string | null): ChatItem[] {
  const at = items.length - 2;
  const user = items[at];
  if (!userId || !user || user.role !== 'user' || user.id) return items;
  return items.map((item, i) => (i === at ? { ...item, id: userId, alternatives: [userId] } : item));
}

/** Applies a change to the reply in flight (always the last item). */
function updateReply(state: ChatState, change: (item: ChatItem) => ChatItem): ChatState {
  const last = state.items.at(-1);
  if (!last || last.role !== 'ai') return state;
  return { ...state, items: [...state.items.slice(0, -1), change(last)] };
}

export function reducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'reset':
      return INITIAL;
    case 'load-start':
      return { ...INITIAL, sessionId: action.sessionId, phase: 'loading' };
    case 'loaded':
      return {
        ...INITIAL,
        sessionId: action.detail.session.id,
        title: action.detail.session.title,
        settings: action.detail.session.settings,
        prompt: action.detail.session.prompt,
        items: action.detail.messages.map(fromSaved),
      };
    case 'load-failed':
      return { ...INITIAL, error: action.error };
    case 'send':
      return {
        ...state,
        title: state.title ?? action.title,
        prompt: state.prompt ?? action.prompt,
        items: [...state.items.slice(0, action.keep), ...(action.user ? [action.user] : []), action.ai],
        phase: 'streaming',
        error: null,
      };
    case 'continue':
      return {
        ...updateReply(state, (item) => ({ ...item, status: 'streaming', finishReason: null })),
        phase: 'streaming',
        error: null,
      };
    case 'session':
      return {
        ...updateReply(state, (item) => ({ ...item, choice: action.choice, demo: !action.live })),
        sessionId: action.sessionId,
      };
    case 'tokens':
      return updateReply(state, (item) => ({
        ...item,
        content: item.content + action.text,
        status: 'streaming',
      }));
    case 'done': {
      const next = updateReply(state, (item) => ({
        ...item,
        content: action.content,
        status: 'complete',
        sources: action.sources,
        reasoning: action.reasoning,
        id: action.id,
        alternatives: item.alternatives.length > 0 ? item.alternatives : [action.id],
        finishReason: action.finishReason,
        baseline: item.baseline
          ? {
              pending: false,
              response: action.baseline?.response ?? null,
              latencyMs: action.baseline?.latencyMs ?? null,
            }
          : undefined,
      }));
      return { ...next, items: withUserId(next.items, action.userId), phase: 'idle' };
    }
    case 'stopped':
      return { ...updateReply(state, (item) => ({ ...item, status: 'stopped' })), phase: 'idle' };
    case 'failed': {
      if (action.rejected) {
        // Nothing reached the conversation: take what this attempt showed back off the screen.
        const items = state.items
          .slice(0, state.items.length - action.added)
          .map((item, i, all) =>
            i === all.length - 1 && item.status === 'streaming'
              ? { ...item, status: 'complete' as const }
              : item,
          );
        return { ...state, items, phase: 'idle', error: action.error };
      }
      const last = state.items.at(-1);
      const apology: ChatItem = {
        ...localItem('ai', APOLOGY_MESSAGE, last?.choice ?? null),
        status: 'error',
        demo: last?.demo ?? null,
        apology: true,
      };
      // A reply cut off after some text keeps that text (marked); the apology follows it.
      const kept =
        last && last.role === 'ai' && last.content.trim() !== ''
          ? [...state.items.slice(0, -1), { ...last, status: 'error' as const }, apology]
          : [...state.items.slice(0, -1), apology];
      return { ...state, items: kept, phase: 'idle', error: action.error };
    }
    case 'dismiss-error':
      return { ...state, error: null };
  }
}
