import { useCallback, useRef, useState } from 'react';
import type { SessionSettings } from '@shared/playground-settings';
import type { ReplyUsage as Usage } from '@shared/playground';
import { ApiError } from '@/lib/api-client';
import { streamCompare } from '../api/compare';

/*
 * A compare on screen: one message to two or three models, a column each. Each column keeps its
 * exchanges (the message and the model's reply, with its tokens, cost and time to first token,
 * measured here from sending to the first piece of text). The next message goes to every column's
 * session ("continue with all"). A compare can try a marketplace prompt: every column is a try.
 */

export type CompareStatus = 'waiting' | 'streaming' | 'complete' | 'error';

export interface CompareExchange {
  message: string;
  text: string;
  status: CompareStatus;
  error: string | null;
  usage: Usage | null;
  ttftMs: number | null;
}

export interface CompareColumnState {
  model: string;
  sessionId: string | null;
  live: boolean | null;
  exchanges: CompareExchange[];
}

/** The marketplace prompt a new compare tries in every column (variables: a premium prompt's). */
export interface CompareTry {
  promptId: string;
  variables?: Record<string, string>;
}

export function useCompare(onSettled: () => void) {
  const [columns, setColumns] = useState<CompareColumnState[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const controller = useRef<AbortController | null>(null);

  const change = (column: number, update: (e: CompareExchange) => Partial<CompareExchange>) =>
    setColumns((all) =>
      all.map((c, i) => {
        if (i !== column) return c;
        const last = c.exchanges.at(-1)!;
        return { ...c, exchanges: [...c.exchanges.slice(0, -1), { ...last, ...update(last) }] };
      }),
    );

  const send = useCallback(
    async (message: string, models: string[], settings: SessionSettings, prompt?: CompareTry) => {
      if (controller.current) return false;
      const going = columns.length > 0 && columns.every((c) => c.sessionId);
      const next: CompareColumnState[] = going
        ? columns
        : models.map((model) => ({ model, sessionId: null, live: null, exchanges: [] }));
      const exchange: CompareExchange = {
        message,
        text: '',
        status: 'waiting',
        error: null,
        usage: null,
        ttftMs: null,
      };
      setColumns(next.map((c) => ({ ...c, exchanges: [...c.exchanges, exchange] })));
      setError(null);
      setStreaming(true);
      const abort = new AbortController();
      controller.current = abort;
      const sent = performance.now();
      try {
        await streamCompare(
          {
            message,
            columns: next.map((c) =>
              c.sessionId ? { model: c.model, sessionId: c.sessionId } : { model: c.model },
            ),
            // A new compare's columns start from the settings, and from the prompt it tries.
            ...(going ? {} : { settings, ...prompt }),
          },
          {
            onStart: (start) =>
              setColumns((all) =>
                all.map((c, i) => {
                  const s = start.columns[i];
                  if (!s) return c;
                  const last = c.exchanges.at(-1)!;
                  const failed = s.error
                    ? { ...last, status: 'error' as const, error: s.error.message }
                    : last;
                  return {
                    ...c,
                    sessionId: s.sessionId ?? c.sessionId,
                    live: s.live,
                    exchanges: [...c.exchanges.slice(0, -1), failed],
                  };
                }),
              ),
            onToken: (column, text) =>
              change(column, (e) => ({
                text: e.text + text,
                status: 'streaming',
                ttftMs: e.ttftMs ?? Math.round(performance.now() - sent),
              })),
            onDone: (column, reply) =>
              change(column, () => ({ text: reply.response, status: 'complete', usage: reply.usage })),
            onError: (column, err) => change(column, () => ({ status: 'error', error: err.message })),
          },
          abort.signal,
        );
        return true;
      } catch (err) {
        if (abort.signal.aborted) return true;
        const e = err instanceof ApiError ? err : new ApiError('Failed to send message', 0, 'NETWORK_ERROR');
        setError(e);
        // Refused as a whole: nothing started, so the message comes off the columns.
        setColumns((all) => (going ? all.map((c) => ({ ...c, exchanges: c.exchanges.slice(0, -1) })) : []));
        return false;
      } finally {
        controller.current = null;
        setStreaming(false);
        onSettled();
      }
    },
    [columns, onSettled],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setColumns([]);
    setError(null);
  }, []);

  return { columns, streaming, error, send, stop, reset };
}
