import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  ChatReplySchema,
  ChatRequestSchema,
  ModelListSchema,
  PromptTrySchema,
  SessionParamsSchema,
  UploadQuerySchema,
  TeamPoolSchema,
  UploadSchema,
  UsageSchema,
} from '../../../shared/playground';
import { AppError } from '../../lib/errors';
import { compareRoutes } from './compare-routes';
import { presetRoutes } from './preset-routes';
import type { PlaygroundService } from './service';
import { sessionRoutes } from './session-routes';
import { shareRoutes } from './share-routes';

export { publicShareRoutes } from './share-routes';
import { sendTurn } from './sse';
import type { Uploads } from './uploads';

const bearer = [{ bearerAuth: [] }];

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
      config: { apiScope: 'playground:use', apiTeam: true },
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
        summary: "This month's sessions, the allowance, the team's pool and when they reset",
        security: bearer,
        response: { 200: successEnvelope(UsageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await playground.usage(request.auth!) }),
  );

  app.get(
    '/playground/team-pool',
    {
      schema: {
        tags: ['playground'],
        summary:
          "Your team's shared playground pool this month; each member's use for owners and admins only (404 in no team)",
        security: bearer,
        response: { 200: successEnvelope(TeamPoolSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await playground.teamPool(request.auth!) }),
  );

  app.post(
    '/playground/chat',
    {
      config: { apiScope: 'playground:use', apiTeam: true },
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
    async (request, reply) =>
      sendTurn(request, reply, await playground.startTurn(request.auth!, request.body)),
  );

  app.get(
    '/playground/prompts/:id',
    {
      config: { apiScope: 'playground:use', apiTeam: true },
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

  await app.register(sessionRoutes, { playground });
  await app.register(presetRoutes, { playground });
  await app.register(shareRoutes, { playground });
  await app.register(compareRoutes, { playground });
};
