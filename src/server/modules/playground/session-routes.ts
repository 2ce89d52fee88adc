import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  ChatReplySchema,
  SessionDetailSchema,
  SessionListSchema,
  SessionParamsSchema,
} from '../../../shared/playground';
import {
  BranchRequestSchema,
  ExportQuerySchema,
  ImportRequestSchema,
  ImportResultSchema,
  ReplyActionSchema,
  SessionExportSchema,
  SessionListQuerySchema,
  SessionUpdateSchema,
} from '../../../shared/playground-settings';
import type { PlaygroundService } from './service';
import { sendTurn } from './sse';

const bearer = [{ bearerAuth: [] }];
const tags = ['playground'];

/** A user's conversations: list and search, read, change, branch, regenerate, continue, delete. */
export const sessionRoutes: FastifyPluginAsyncZod<{ playground: PlaygroundService }> = async (
  app,
  { playground },
) => {
  app.get(
    '/playground/sessions',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags,
        summary: 'Your conversations, pinned first, then newest; ?q= searches titles and message text',
        security: bearer,
        querystring: SessionListQuerySchema,
        response: { 200: successEnvelope(SessionListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { sessions: await playground.listSessions(request.auth!, request.query.q) },
    }),
  );

  app.get(
    '/playground/sessions/:id',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags,
        summary: 'One of your conversations: the branch it shows, each message with its alternatives',
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

  app.patch(
    '/playground/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Rename, pin or unpin one of your conversations, or change its settings',
        security: bearer,
        params: SessionParamsSchema,
        body: SessionUpdateSchema,
        response: { 200: successEnvelope(SessionDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.updateSession(request.auth!, request.params.id, request.body),
    }),
  );

  app.put(
    '/playground/sessions/:id/branch',
    {
      schema: {
        tags,
        summary: 'Show the branch through one message (an alternative reply or an edited message)',
        security: bearer,
        params: SessionParamsSchema,
        body: BranchRequestSchema,
        response: { 200: successEnvelope(SessionDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.showBranch(request.auth!, request.params.id, request.body.messageId),
    }),
  );

  app.post(
    '/playground/sessions/:id/regenerate',
    {
      schema: {
        tags,
        summary:
          'A new reply to a user message (or to the message a reply answers); the old stay as alternatives',
        description:
          'Answers like POST /playground/chat (JSON, or server-sent events with Accept: text/event-stream).',
        security: bearer,
        params: SessionParamsSchema,
        body: ReplyActionSchema,
        response: { 200: successEnvelope(ChatReplySchema) },
      },
    },
    async (request, reply) => {
      const { messageId, model } = request.body;
      const turn = await playground.startTurnOf(request.auth!, {
        kind: 'regenerate',
        sessionId: request.params.id,
        messageId,
        ...(model ? { model } : {}),
      });
      return sendTurn(request, reply, turn);
    },
  );

  app.post(
    '/playground/sessions/:id/continue',
    {
      schema: {
        tags,
        summary: 'Continue a reply the length limit cut: the new text is appended to it',
        description: 'Answers like POST /playground/chat; `response` is the whole reply as now saved.',
        security: bearer,
        params: SessionParamsSchema,
        body: ReplyActionSchema.pick({ messageId: true }),
        response: { 200: successEnvelope(ChatReplySchema) },
      },
    },
    async (request, reply) => {
      const turn = await playground.startTurnOf(request.auth!, {
        kind: 'continue',
        sessionId: request.params.id,
        messageId: request.body.messageId,
      });
      return sendTurn(request, reply, turn);
    },
  );

  app.get(
    '/playground/sessions/:id/export',
    {
      schema: {
        tags,
        summary: 'Export one of your conversations: Markdown of the branch shown, or JSON of every branch',
        security: bearer,
        params: SessionParamsSchema,
        querystring: ExportQuerySchema,
        response: { 200: successEnvelope(SessionExportSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.exportSession(request.auth!, request.params.id, request.query.format),
    }),
  );

  app.post(
    '/playground/import',
    {
      bodyLimit: 11 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import conversations: a ChatGPT export (conversations.json) or a Promptforge chat export',
        description: "The file's text as `content`. Imports take nothing of the allowance.",
        security: bearer,
        body: ImportRequestSchema,
        response: { 201: successEnvelope(ImportResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await playground.importConversations(request.auth!, request.body.content);
      const n = data.sessions.length;
      return reply.status(201).send({
        success: true as const,
        data,
        message: `${n} ${n === 1 ? 'conversation' : 'conversations'} imported`,
      });
    },
  );

  app.delete(
    '/playground/sessions/:id',
    {
      config: { apiScope: 'playground:use' },
      schema: {
        tags,
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
};
