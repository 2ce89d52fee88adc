import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../shared/envelope';
import { defaultMessageForStatus } from '../../../shared/errors';
import {
  ChatReplySchema,
  ChatRequestSchema,
  ModelListSchema,
  PromptTrySchema,
  SessionDetailSchema,
  SessionListSchema,
  SessionParamsSchema,
  UploadQuerySchema,
  UploadSchema,
  UsageSchema,
} from '../../../shared/playground';
import { isDatabaseUnavailableError } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { PlaygroundService } from './service';
import type { Uploads } from './uploads';

const bearer = [{ bearerAuth: [] }];

/** One server-sent event. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

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
function tokenWriter(stream: PassThrough) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) stream.write(pending);
    pending = '';
  };
  return {
    token(text: string) {
      const event = sse('token', { text });
      if (first) {
        first = false;
        stream.write(event);
        return;
      }
      pending += event;
      timer ??= setTimeout(flush, TOKEN_BATCH_MS);
    },
    /** Sends what waits and ends the stream with a last event. */
    end(last: string) {
      flush();
      stream.end(last);
    },
  };
}

export const playgroundRoutes: FastifyPluginAsyncZod<{
  playground: PlaygroundService;
  uploads: Uploads;
  uploadMaxBytes: number;
}> = async (app, { playground, uploads, uploadMaxBytes }) => {
  app.addHook('onRequest', app.authenticate);
  // An upload is the file's bytes as the body; what it is, is read from the bytes, not from this.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
    { parseAs: 'buffer', bodyLimit: uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/playground/uploads',
    {
      bodyLimit: uploadMaxBytes,
      schema: {
        tags: ['playground'],
        summary: 'Upload a file to send with a message: the bytes as the body, its name in ?name=',
        description:
          "PNG, JPEG, GIF or WebP images and PDF files, recognised by their content, up to the configured size. Send the answer's id in `attachments` of POST /playground/chat.",
        security: bearer,
        querystring: UploadQuerySchema,
        response: { 201: successEnvelope(UploadSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new AppError(
          'VALIDATION_ERROR',
          'Send the file as the request body (Content-Type: application/octet-stream).',
        );
      }
      const data = await uploads.store(request.auth!.userId, request.query.name, body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/playground/uploads/:id',
    {
      schema: {
        tags: ['playground'],
        summary: 'One of your uploaded files (nobody else can read it)',
        security: bearer,
        params: SessionParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await uploads.read(request.auth!.userId, request.params.id);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/playground/models',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'The model choices, and which are live (the rest answer with the offline demo model)',
        security: bearer,
        response: { 200: successEnvelope(ModelListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { models: await playground.listModels(request.auth!) },
    }),
  );

  app.get(
    '/playground/usage',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: "This month's sessions, the allowance and when it resets",
        security: bearer,
        response: { 200: successEnvelope(UsageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await playground.usage(request.auth!) }),
  );

  app.post(
    '/playground/chat',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'Send a message; JSON by default, server-sent events with Accept: text/event-stream',
        description:
          'Streaming events: `session` {sessionId, model, live}, `token` {text}, `done` (the ChatReply), `error` {message, code, status}.',
        security: bearer,
        body: ChatRequestSchema,
        response: { 200: successEnvelope(ChatReplySchema) },
      },
    },
    async (request, reply) => {
      const turn = await playground.startTurn(request.auth!, request.body);
      const controller = new AbortController();
      // The client stopped the reply (or went away): stop the provider and keep what came.
      const onClose = () => {
        if (!reply.raw.writableEnded) controller.abort(new Error('client closed the request'));
      };
      reply.raw.on('close', onClose);

      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        const data = await turn.run(() => {}, controller.signal);
        return { success: true as const, data };
      }

      const stream = new PassThrough();
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      stream.write(sse('session', { sessionId: turn.sessionId, model: turn.model, live: turn.live }));
      const writer = tokenWriter(stream);
      turn
        .run((text) => writer.token(text), controller.signal)
        .then(
          (data) => writer.end(sse('done', data)),
          (err: unknown) => {
            const e =
              err instanceof AppError
                ? err
                : isDatabaseUnavailableError(err)
                  ? new AppError('SERVER_ERROR', defaultMessageForStatus(503), { status: 503, cause: err })
                  : new AppError('SERVER_ERROR', defaultMessageForStatus(500), { cause: err });
            if (!(err instanceof AppError)) request.log.error({ err }, 'chat stream failed');
            writer.end(
              sse('error', { message: e.userMessage, code: e.code, status: e.status, requestId: request.id }),
            );
          },
        );
      // A stream is piped as is; the JSON response schema applies to the default answer only.
      return reply.send(stream as never);
    },
  );

  app.get(
    '/playground/sessions',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'Your conversations, newest first',
        security: bearer,
        response: { 200: successEnvelope(SessionListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { sessions: await playground.listSessions(request.auth!) },
    }),
  );

  app.get(
    '/playground/sessions/:id',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'One of your conversations with its messages',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(SessionDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.getSession(request.auth!, request.params.id),
    }),
  );

  app.delete(
    '/playground/sessions/:id',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'Delete one of your conversations',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await playground.deleteSession(request.auth!, request.params.id);
      return { success: true as const, data: null, message: 'Conversation deleted' };
    },
  );

  app.get(
    '/playground/prompts/:id',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags: ['playground'],
        summary: 'Try a marketplace prompt: its variables, and its text when you may read it',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(PromptTrySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.promptTry(request.auth!, request.params.id),
    }),
  );
};
