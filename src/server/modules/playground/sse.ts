import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultMessageForStatus } from '../../../shared/errors';
import { isDatabaseUnavailableError } from '../../db/database';
import { AppError } from '../../lib/errors';

/** Server-sent events for the playground's streamed replies (HTTP only; decision 006). */

/** One server-sent event. */
export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * How long later tokens may wait to share one write: 20 updates a second still reads as a smooth
 * stream, and at the 50-100 tokens a second hosted models send, it is one write for every few tokens.
 */
const TOKEN_BATCH_MS = 50;

/**
 * Writes token events: the first at once (time to first token is what a person feels), later ones
 * gathered for a few milliseconds into one write. Every write is a system call and a chunk on the
 * wire; a reply of hundreds of tokens otherwise costs hundreds of them.
 */
export function tokenWriter(stream: PassThrough) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) stream.write(pending);
    pending = '';
  };
  /** Queues one event: the first goes at once, later ones in batches. */
  const event = (text: string) => {
    if (first) {
      first = false;
      stream.write(text);
      return;
    }
    pending += text;
    timer ??= setTimeout(flush, TOKEN_BATCH_MS);
  };
  return {
    event,
    /** Sends what waits, then this event, at once (a column's first token: its time to first token). */
    now(text: string) {
      flush();
      stream.write(text);
    },
    token: (text: string) => event(sse('token', { text })),
    /** Sends what waits and ends the stream with a last event. */
    end(last: string) {
      flush();
      stream.end(last);
    },
  };
}

/** The error event's body for a failure after the stream started. */
export function errorEvent(request: FastifyRequest, err: unknown) {
  const e = asAppError(request, err);
  return { message: e.userMessage, code: e.code, status: e.status, requestId: request.id };
}

function asAppError(request: FastifyRequest, err: unknown): AppError {
  const e =
    err instanceof AppError
      ? err
      : isDatabaseUnavailableError(err)
        ? new AppError('SERVER_ERROR', defaultMessageForStatus(503), { status: 503, cause: err })
        : new AppError('SERVER_ERROR', defaultMessageForStatus(500), { cause: err });
  if (!(err instanceof AppError)) request.log.error({ err }, 'chat stream failed');
  return e;
}

/** An AbortSignal that fires when the client stops the reply (or goes away). */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client closed the request'));
  });
  return controller.signal;
}

export const wantsStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/event-stream');

/** Starts an event-stream answer on the reply; the caller writes to the stream it returns. */
export function openStream(reply: FastifyReply): PassThrough {
  const stream = new PassThrough();
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  return stream;
}

interface StreamableTurn<T> {
  sessionId: string;
  model: string;
  live: boolean;
  run(onToken: (text: string) => void, signal: AbortSignal): Promise<T>;
}

/**
 * Answers a prepared turn: JSON by default, server-sent events with Accept: text/event-stream
 * (`session`, `token`s, then `done` or `error`).
 */
export async function sendTurn<T>(request: FastifyRequest, reply: FastifyReply, turn: StreamableTurn<T>) {
  const signal = clientGone(reply);
  if (!wantsStream(request)) {
    const data = await turn.run(() => {}, signal);
    return { success: true as const, data };
  }
  const stream = openStream(reply);
  stream.write(sse('session', { sessionId: turn.sessionId, model: turn.model, live: turn.live }));
  const writer = tokenWriter(stream);
  turn
    .run((text) => writer.token(text), signal)
    .then(
      (data) => writer.end(sse('done', data)),
      (err: unknown) => writer.end(sse('error', errorEvent(request, err))),
    );
  // A stream is piped as is; the JSON response schema applies to the default answer only.
  return reply.send(stream as never);
}
