import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../shared/envelope';
import { SessionParamsSchema } from '../../../shared/playground';
import {
  ShareParamsSchema,
  ShareSchema,
  ShareStateSchema,
  SharedConversationSchema,
} from '../../../shared/playground-share';
import type { PlaygroundService } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['playground'];

/** A conversation's share link, for its owner (inside the playground's signed-in routes). */
export const shareRoutes: FastifyPluginAsyncZod<{ playground: PlaygroundService }> = async (
  app,
  { playground },
) => {
  app.get(
    '/playground/sessions/:id/share',
    {
      schema: {
        tags,
        summary: "One of your conversations' share link, if it has one",
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(ShareStateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { share: await playground.getShare(request.auth!, request.params.id) },
    }),
  );

  app.put(
    '/playground/sessions/:id/share',
    {
      schema: {
        tags,
        summary: 'Share the branch a conversation shows (or move its link to where it is now)',
        description:
          'Anyone with the link reads the messages up to the last one shown now: not your name, settings or files. Later messages stay private until you call this again.',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(ShareSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.share(request.auth!, request.params.id),
      message: 'Link ready to share',
    }),
  );

  app.delete(
    '/playground/sessions/:id/share',
    {
      schema: {
        tags,
        summary: 'Stop sharing a conversation: its link stops working at once',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await playground.unshare(request.auth!, request.params.id);
      return { success: true as const, data: null, message: 'Sharing stopped' };
    },
  );
};

/** What anyone with a link reads (no sign-in). */
export const publicShareRoutes: FastifyPluginAsyncZod<{ playground: PlaygroundService }> = async (
  app,
  { playground },
) => {
  app.get(
    '/shares/:id',
    {
      schema: {
        tags,
        summary: 'A shared conversation: its messages, without who shared it, their settings or files',
        params: ShareParamsSchema,
        response: { 200: successEnvelope(SharedConversationSchema) },
      },
    },
    async (request, reply) => {
      // Links are private to whoever holds them: not for search engines.
      void reply.header('x-robots-tag', 'noindex, nofollow');
      return { success: true as const, data: await playground.readShare(request.params.id) };
    },
  );
};
