import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatReply, SessionDetail } from '@shared/playground';
import { ApiError } from '@/lib/api-client';
import { streamContinue, streamRegenerate } from '../api/reply-actions';
import { type ChatStreamHandlers, streamChat } from '../api/send-message';
import {
  type Action,
  INITIAL,
  type SendInput,
  type SendResult,
  localItem,
  reducer,
  titleOf,
} from './chat-state';

export {
  APOLOGY_MESSAGE,
  type ChatItem,
  type ChatItemStatus,
  type SendInput,
  type SendResult,
} from './chat-state';

/*
 * The conversation on screen and the one reply in flight. A reply streams into the last AI item as
 * it arrives (batched per animation frame, so a fast provider does not re-render per token); Stop
 * aborts the request and keeps what came, marked stopped. Everything that can replace the
 * conversation (opening another, a new chat) first abandons the reply in flight, whose late events
 * are then ignored.
 */

export interface ChatStreamOptions {
  /** The server named the conversation this reply belongs to (a new one on the first message). */
  onSession?: (sessionId: string) => void;
  /** A reply finished, failed or was stopped: usage and the session list have moved. */
  onSettled?: (outcome: 'done' | 'stopped' | 'failed') => void;
  /** A regenerate, an edit or a continue finished: the conversation's alternatives have moved. */
  onBranched?: (sessionId: string) => void;
}

/** How a reply starts on screen, and the call that streams it. */
interface ReplyRun {
  start: Action;
  /** Items this attempt put on screen (taken back off if the server refuses it). */
  added: number;
  branched: boolean;
  call: (handlers: ChatStreamHandlers, signal: AbortSignal) => Promise<ChatReply>;
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

  /** Streams one reply into the conversation (a message, a regenerate, a continue). */
  const runReply = useCallback(async (run: ReplyRun): Promise<SendResult | null> => {
    if (controllerRef.current) return null;
    const generation = generationRef.current;
    const controller = new AbortController();
    controllerRef.current = controller;
    dispatch(run.start);

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
      const reply = await run.call(
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
          id: reply.messageId,
          userId: reply.userMessageId ?? null,
          finishReason: reply.finishReason ?? null,
          baseline: reply.baseline ?? null,
          usage: reply.usage,
        });
        if (run.branched) optionsRef.current.onBranched?.(reply.sessionId);
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
      if (current()) dispatch({ type: 'failed', error, rejected, added: run.added });
      return { ok: false, stopped: false, error, rejected };
    }
  }, []);

  /** Sends a message (or, with `edit`, an edited one in place of an earlier message). */
  const send = useCallback(
    (input: SendInput) => {
      const sessionId = sessionIdRef.current;
      return runReply({
        start: {
          type: 'send',
          keep: input.edit?.index ?? Number.MAX_SAFE_INTEGER,
          title: titleOf(input.message),
          prompt: input.promptId ? { id: input.promptId, title: input.promptTitle ?? '' } : null,
          user: localItem('user', input.message, null, input.attachments),
          ai: {
            ...localItem('ai', '', input.model),
            ...(input.baseline && !sessionId
              ? { baseline: { pending: true, response: null, latencyMs: null } }
              : {}),
          },
        },
        added: 2,
        branched: Boolean(input.edit),
        call: (handlers, signal) =>
          streamChat(
            {
              message: input.message,
              model: input.model,
              sessionId: sessionId ?? undefined,
              promptId: sessionId ? undefined : input.promptId,
              variables: sessionId ? undefined : input.variables,
              settings: sessionId ? undefined : input.settings,
              editOf: input.edit?.messageId,
              attachments: input.attachments?.length ? input.attachments.map((a) => a.id) : undefined,
              baseline: !sessionId && input.baseline ? true : undefined,
            },
            handlers,
            signal,
          ),
      });
    },
    [runReply],
  );

  /** A new reply to the user message at `index` (the replies after it stay as alternatives). */
  const regenerate = useCallback(
    (index: number, messageId: string, model: string) => {
      const sessionId = sessionIdRef.current;
      if (!sessionId) return Promise.resolve(null);
      return runReply({
        start: {
          type: 'send',
          keep: index + 1,
          title: '',
          prompt: null,
          user: null,
          ai: localItem('ai', '', model),
        },
        added: 1,
        branched: true,
        call: (handlers, signal) => streamRegenerate(sessionId, { messageId, model }, handlers, signal),
      });
    },
    [runReply],
  );

  /** More of the last reply, which the length limit cut. */
  const continueReply = useCallback(
    (messageId: string) => {
      const sessionId = sessionIdRef.current;
      if (!sessionId) return Promise.resolve(null);
      return runReply({
        start: { type: 'continue' },
        added: 0,
        branched: false,
        call: (handlers, signal) => streamContinue(sessionId, messageId, handlers, signal),
      });
    },
    [runReply],
  );

  /** Shows a conversation the server answered (another branch, a reload after a regenerate). */
  const show = useCallback((detail: SessionDetail) => {
    if (controllerRef.current || detail.session.id !== sessionIdRef.current) return;
    dispatch({ type: 'loaded', detail });
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
    regenerate,
    continueReply,
    show,
    stop,
    reset,
    open,
    dismissError,
    currentSessionId,
  };
}

export type ChatStream = ReturnType<typeof useChatStream>;
