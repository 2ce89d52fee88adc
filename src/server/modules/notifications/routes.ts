import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  MarkReadResultSchema,
  NotificationListSchema,
  NotificationParamsSchema,
  NotificationsQuerySchema,
} from '../../../shared/notifications';
import { listNotifications, markAllRead, markOneRead } from './service';

const bearer = [{ bearerAuth: [] }];

/** The signed-in user's notices: list, mark one or all read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notices, newest first, with the unread count',
        security: bearer,
        querystring: NotificationsQuerySchema,
        response: { 200: successEnvelope(NotificationListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listNotifications(db, request.auth!.userId, request.query),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notices read',
        security: bearer,
        params: NotificationParamsSchema,
        response: { 200: successEnvelope(MarkReadResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await markOneRead(db, request.auth!.userId, request.params.id),
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notices read',
        security: bearer,
        response: { 200: successEnvelope(MarkReadResultSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await markAllRead(db, request.auth!.userId) }),
  );
};
