import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { PlaygroundMessage, SessionDetail, Source } from '@shared/playground';
import { ApiError } from '@/lib/api-client';
import { streamChat } from '../api/send-message';

/*
 * The conversation on screen and the one reply in flight. A reply streams into the last AI item as
 * it arrives (batched per animation frame, so a fast provider does not re-render per token); Stop
 * aborts the request and keeps what came, marked stopped. Everything that can replace the
 * conversation (opening another, a new chat) first abandons the reply in flight, whose late events
 * are then ignored.
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
}

export interface SendInput {
  message: string;
  model: string;
  promptId?: string;
  variables?: Record<string, string>;
  /** Shown in the header for a conversation that tries a marketplace prompt. */
  promptTitle?: string;
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

interface ChatState {
  sessionId: string | null;
  title: string | null;
  prompt: { id: string; title: string } | null;
  items: ChatItem[];
  phase: 'idle' | 'loading' | 'streaming';
  error: ApiError | null;
}

type Action =
  | { type: 'reset' }
  | { type: 'load-start'; sessionId: string }
  | { type: 'loaded'; detail: SessionDetail }
  | { type: 'load-failed'; error: ApiError }
  | { type: 'send'; user: ChatItem; ai: ChatItem; title: string; prompt: ChatState['prompt'] }
  | { type: 'session'; sessionId: string; choice: string; live: boolean }
  | { type: 'tokens'; text: string }
  | { type: 'done'; content: string; sources: Source[]; reasoning: string | null }
  | { type: 'stopped' }
  | { type: 'failed'; error: ApiError; rejected: boolean }
  | { type: 'dismiss-error' };

const INITIAL: ChatState = {
  sessionId: null,
  title: null,
  prompt: null,
  items: [],
  phase: 'idle',
  error: null,
};

let keySeq = 0;
const nextKey = () => `local-${++keySeq}`;

/** The header's title for a new conversation; the server derives the saved one the same way. */
function titleOf(message: string): string {
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
  };
}

/** Applies a change to the reply in flight (always the last item). */
function updateReply(state: ChatState, change: (item: ChatItem) => ChatItem): ChatState {
  const last = state.items.at(-1);
  if (!last || last.role !== 'ai') return state;
  return { ...state, items: [...state.items.slice(0, -1), change(last)] };
}

function reducer(state: ChatState, action: Action): ChatState {
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
        items: [...state.items, action.user, action.ai],
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
    case 'done':
      return {
        ...updateReply(state, (item) => ({
          ...item,
          content: action.content,
          status: 'complete',
          sources: action.sources,
          reasoning: action.reasoning,
        })),
        phase: 'idle',
      };
    case 'stopped':
      return { ...updateReply(state, (item) => ({ ...item, status: 'stopped' })), phase: 'idle' };
    case 'failed': {
      if (action.rejected) {
        // Nothing reached the conversation: take the message back off the screen.
        return { ...state, items: state.items.slice(0, -2), phase: 'idle', error: action.error };
      }
      const last = state.items.at(-1);
      const apology: ChatItem = {
        key: nextKey(),
        role: 'ai',
        content: APOLOGY_MESSAGE,
        status: 'error',
        choice: last?.choice ?? null,
        modelId: null,
        demo: last?.demo ?? null,
        timestamp: new Date().toISOString(),
        apology: true,
        sources: [],
        reasoning: null,
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

export interface ChatStreamOptions {
  /** The server named the conversation this reply belongs to (a new one on the first message). */
  onSession?: (sessionId: string) => void;
  /** A reply finished, failed or was stopped: usage and the session list have moved. */
  onSettled?: (outcome: 'done' | 'stopped' | 'failed') => void;
}

export function useChatStream(options: ChatStreamOptions = {}) {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const controllerRef = useRef<AbortController | null>(null);
  // Which conversation this screen shows; a reply or load for an older one is ignored.
  const generationRef = useRef(0);
  const sessionIdRef = useRef<string | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const abandon = useCallback(() => {
    generationRef.current += 1;
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);

  // Leaving the page stops the reply; the server keeps it as incomplete.
  useEffect(() => abandon, [abandon]);

  const reset = useCallback(() => {
    abandon();
    sessionIdRef.current = null;
    dispatch({ type: 'reset' });
  }, [abandon]);

  /** Shows a saved conversation, fetched by the caller (so it can come from the query cache). */
  const open = useCallback(
    async (sessionId: string, load: () => Promise<SessionDetail>): Promise<SessionDetail | null> => {
      abandon();
      const generation = generationRef.current;
      sessionIdRef.current = sessionId;
      dispatch({ type: 'load-start', sessionId });
      try {
        const detail = await load();
        if (generation !== generationRef.current) return null;
        dispatch({ type: 'loaded', detail });
        return detail;
      } catch (err) {
        if (generation !== generationRef.current) return null;
        sessionIdRef.current = null;
        dispatch({
          type: 'load-failed',
          error:
            err instanceof ApiError
              ? err
              : new ApiError('Failed to load the conversation', 0, 'NETWORK_ERROR'),
        });
        return null;
      }
    },
    [abandon],
  );

  const send = useCallback(async (input: SendInput): Promise<SendResult | null> => {
    if (controllerRef.current) return null;
    const generation = generationRef.current;
    const controller = new AbortController();
    controllerRef.current = controller;
    const now = new Date().toISOString();
    dispatch({
      type: 'send',
      title: titleOf(input.message),
      prompt: input.promptId ? { id: input.promptId, title: input.promptTitle ?? '' } : null,
      user: {
        key: nextKey(),
        role: 'user',
        content: input.message,
        status: 'complete',
        choice: null,
        modelId: null,
        demo: null,
        timestamp: now,
        apology: false,
        sources: [],
        reasoning: null,
      },
      ai: {
        key: nextKey(),
        role: 'ai',
        content: '',
        status: 'waiting',
        choice: input.model,
        modelId: null,
        demo: null,
        timestamp: now,
        apology: false,
        sources: [],
        reasoning: null,
      },
    });

    const current = () => generation === generationRef.current;
    let pending = '';
    let frame = 0;
    let started = false;
    const flush = () => {
      frame = 0;
      if (pending && current()) dispatch({ type: 'tokens', text: pending });
      pending = '';
    };
    const settle = (outcome: 'done' | 'stopped' | 'failed') => {
      if (frame) cancelAnimationFrame(frame);
      flush();
      if (controllerRef.current === controller) controllerRef.current = null;
      optionsRef.current.onSettled?.(outcome);
    };

    try {
      const reply = await streamChat(
        {
          message: input.message,
          model: input.model,
          sessionId: sessionIdRef.current ?? undefined,
          promptId: sessionIdRef.current ? undefined : input.promptId,
          variables: sessionIdRef.current ? undefined : input.variables,
        },
        {
          onSession: (event) => {
            if (!current()) return;
            started = true;
            sessionIdRef.current = event.sessionId;
            dispatch({ type: 'session', sessionId: event.sessionId, choice: event.model, live: event.live });
            optionsRef.current.onSession?.(event.sessionId);
          },
          onToken: (text) => {
            pending += text;
            if (!frame) frame = requestAnimationFrame(flush);
          },
        },
        controller.signal,
      );
      settle('done');
      if (current()) {
        dispatch({
          type: 'done',
          content: reply.response,
          sources: reply.sources,
          reasoning: reply.reasoning,
        });
      }
      return { ok: true };
    } catch (err) {
      if (controller.signal.aborted) {
        settle('stopped');
        if (current()) dispatch({ type: 'stopped' });
        return { ok: false, stopped: true };
      }
      const error =
        err instanceof ApiError ? err : new ApiError('Failed to send message', 0, 'NETWORK_ERROR');
      // Refused before any reply (allowance, tries, rate limit, validation): nothing was saved.
      const rejected = !started && error.status >= 400 && error.status < 500;
      settle('failed');
      if (current()) dispatch({ type: 'failed', error, rejected });
      return { ok: false, stopped: false, error, rejected };
    }
  }, []);

  const stop = useCallback(() => controllerRef.current?.abort(), []);
  /** The conversation replies go to, already set while its first reply streams. */
  const currentSessionId = useCallback(() => sessionIdRef.current, []);
  const dismissError = useCallback(() => dispatch({ type: 'dismiss-error' }), []);

  return {
    ...state,
    streaming: state.phase === 'streaming',
    loading: state.phase === 'loading',
    send,
    stop,
    reset,
    open,
    dismissError,
    currentSessionId,
  };
}

export type ChatStream = ReturnType<typeof useChatStream>;
