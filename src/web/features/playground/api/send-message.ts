import { z } from 'zod';
import { ERROR_CODES, NETWORK_MESSAGE } from '@shared/errors';
import { AI_FAILURE_MESSAGE, type ChatReply, ChatReplySchema, type ChatRequest } from '@shared/playground';
import { ApiError, apiStream } from '@/lib/api-client';
import { readEventStream } from '../lib/event-stream';

/*
 * POST /api/playground/chat as a stream of server-sent events: `session` first, then `token`s, then
 * `done` (the saved reply) or `error`. Errors found before the stream starts (validation, the
 * allowance, rate limit, an unknown session) arrive as an ordinary JSON error and throw the client's
 * usual ApiError; aborting the signal stops the reply, which the server keeps as incomplete.
 */

const SessionEventSchema = z.object({
  sessionId: z.string(),
  model: z.string(),
  live: z.boolean(),
});
export type ChatSessionEvent = z.infer<typeof SessionEventSchema>;

const TokenEventSchema = z.object({ text: z.string() });

const ErrorEventSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).catch('SERVER_ERROR'),
  status: z.number().int().catch(500),
  requestId: z.string().optional(),
});

export interface ChatStreamHandlers {
  /** The conversation the reply belongs to (new or continued), before any text. */
  onSession?: (event: ChatSessionEvent) => void;
  /** A piece of the reply. */
  onToken?: (text: string) => void;
}

/** Sends one message and streams the reply; resolves with the saved reply when it is complete. */
export function streamChat(body: ChatRequest, handlers: ChatStreamHandlers, signal?: AbortSignal) {
  return streamReply('/playground/chat', body, handlers, signal);
}

/**
 * Any call answered like the chat (the chat, a regenerate, a continue): streams the reply and
 * resolves with it when it is saved.
 */
export async function streamReply(
  path: string,
  body: unknown,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  const response = await apiStream(path, { method: 'POST', body, signal });

  // A proxy that drops the Accept header gets the JSON answer: show it all at once.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const envelope = z.object({ data: ChatReplySchema }).parse(await response.json());
    handlers.onSession?.({
      sessionId: envelope.data.sessionId,
      model: envelope.data.model,
      live: envelope.data.live,
    });
    handlers.onToken?.(envelope.data.response);
    return envelope.data;
  }

  if (!response.body) throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  // An object, not two lets: the parser's callback sets them, which TypeScript's narrowing cannot see.
  const outcome: { reply: ChatReply | null; failure: ApiError | null } = { reply: null, failure: null };
  const onEvent = ({ event, data }: { event?: string; data: string }) => {
    if (outcome.reply || outcome.failure) return;
    const payload: unknown = JSON.parse(data);
    if (event === 'session') handlers.onSession?.(SessionEventSchema.parse(payload));
    else if (event === 'token') handlers.onToken?.(TokenEventSchema.parse(payload).text);
    else if (event === 'done') outcome.reply = ChatReplySchema.parse(payload);
    else if (event === 'error') {
      const e = ErrorEventSchema.parse(payload);
      outcome.failure = new ApiError(e.message, e.status, e.code, [], e.requestId);
    }
  };
  try {
    await readEventStream(response.body, onEvent, () => Boolean(outcome.reply || outcome.failure));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    // An event we cannot read means a broken stream, not a network fault.
    if (err instanceof SyntaxError || err instanceof z.ZodError) {
      throw new ApiError(AI_FAILURE_MESSAGE, 502, 'SERVER_ERROR');
    }
    // The connection dropped mid-reply; the server keeps what it had sent as incomplete.
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  }
  if (outcome.failure) throw outcome.failure;
  if (!outcome.reply) throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK_ERROR');
  return outcome.reply;
}
