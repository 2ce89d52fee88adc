import { z } from 'zod';
import { NETWORK_MESSAGE } from '@shared/errors';
import {
  type ChatReply,
  ChatReplySchema,
  type CompareRequest,
  type CompareStart,
  CompareStartSchema,
} from '@shared/playground';
import { ApiError, apiStream } from '@/lib/api-client';
import { readEventStream } from '../lib/event-stream';

/*
 * POST /api/playground/compare as a stream: `compare` (each column's session, or why it did not
 * start), then `token`, `done` and `error` events naming their column, and `end`. A refusal of the
 * whole compare (nothing could start) arrives as an ordinary JSON error and throws an ApiError.
 */

export interface CompareHandlers {
  onStart(start: CompareStart): void;
  onToken(column: number, text: string): void;
  onDone(column: number, reply: ChatReply): void;
  onError(column: number, error: ApiError): void;
}

const TokenSchema = z.object({ column: z.number().int(), text: z.string() });
const DoneSchema = z.object({ column: z.number().int(), reply: ChatReplySchema });
const ErrorSchema = z.object({
  column: z.number().int(),
  message: z.string(),
  status: z.number().int().catch(500),
});

export async function streamCompare(
  body: CompareRequest,
  handlers: CompareHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiStream('/playground/compare', { method: 'POST', body, signal });
  if (!response.body) throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  let ended = false;
  const onEvent = ({ event, data }: { event?: string; data: string }) => {
    const payload: unknown = JSON.parse(data);
    if (event === 'compare') handlers.onStart(CompareStartSchema.parse(payload));
    else if (event === 'token') {
      const e = TokenSchema.parse(payload);
      handlers.onToken(e.column, e.text);
    } else if (event === 'done') {
      const e = DoneSchema.parse(payload);
      handlers.onDone(e.column, e.reply);
    } else if (event === 'error') {
      const e = ErrorSchema.parse(payload);
      handlers.onError(e.column, new ApiError(e.message, e.status, 'SERVER_ERROR'));
    } else if (event === 'end') ended = true;
  };
  try {
    await readEventStream(response.body, onEvent);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  }
  if (!ended) throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
}
