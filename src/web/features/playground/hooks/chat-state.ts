import type {
  PlaygroundMessage,
  ReplyUsage,
  SessionDetail,
  SessionUsage,
  Source,
  Upload,
} from '@shared/playground';
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
  /** A finished reply's tokens and cost, as the server stored them. */
  usage: ReplyUsage | null;
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
  /** What the whole conversation's replies used (null: nothing yet). */
  usage: SessionUsage | null;
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
      /** This reply's usage (a continued reply's: the added part's). */
      usage: ReplyUsage | null;
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
  usage: null,
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
    usage: null,
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
    usage: m.usage ?? null,
  };
}

/** Names the saved user message a reply answered (the item before the reply), if it had no id yet. */
function withUserId(items: ChatItem[], userId: string | null): ChatItem[] {
  const at = items.length - 2;
  const user = items[at];
  if (!userId || !user || user.role !== 'user' || user.id) return items;
  return items.map((item, i) => (i === at ? { ...item, id: userId, alternatives: [userId] } : item));
}

/** Two usages added up; a missing count stays missing only when both are. */
export function addUsage(a: ReplyUsage | null, b: ReplyUsage | null): ReplyUsage | null {
  if (!a || !b) return a ?? b;
  const sum = (x: number | null, y: number | null) => (x === null && y === null ? null : (x ?? 0) + (y ?? 0));
  return {
    inputTokens: sum(a.inputTokens, b.inputTokens),
    outputTokens: sum(a.outputTokens, b.outputTokens),
    costMicros: sum(a.costMicros, b.costMicros),
    estimated: a.estimated || b.estimated,
  };
}

/** A conversation's totals with one more reply's usage in them. */
function withReply(total: SessionUsage | null, usage: ReplyUsage | null): SessionUsage | null {
  if (!usage) return total;
  const base = total ?? { inputTokens: 0, outputTokens: 0, costMicros: 0, estimated: false };
  return {
    inputTokens: base.inputTokens + (usage.inputTokens ?? 0),
    outputTokens: base.outputTokens + (usage.outputTokens ?? 0),
    costMicros: base.costMicros + (usage.costMicros ?? 0),
    estimated: base.estimated || usage.estimated,
  };
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
        usage: action.detail.session.usage ?? null,
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
        // A continued reply (the same message) adds the new part's usage to what it had.
        usage: item.id === action.id ? addUsage(item.usage, action.usage) : action.usage,
        baseline: item.baseline
          ? {
              pending: false,
              response: action.baseline?.response ?? null,
              latencyMs: action.baseline?.latencyMs ?? null,
            }
          : undefined,
      }));
      return {
        ...next,
        items: withUserId(next.items, action.userId),
        usage: withReply(state.usage, action.usage),
        phase: 'idle',
      };
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
