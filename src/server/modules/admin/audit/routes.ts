import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditListSchema,
  AuditQuerySchema,
  ContactMessageListSchema,
  ContactMessageParamsSchema,
  ContactMessageResultSchema,
  ContactMessagesQuerySchema,
  UpdateContactMessageSchema,
} from '../../../../shared/admin-audit';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { listAudit, listContactMessages, setContactMessageStatus } from './service';

const bearer = [{ bearerAuth: [] }];

/**
 * Admin audit endpoints (issue 8): the audit log and the Contact Sales inbox (what admins read to
 * follow up, and whose changes are audited too). The parent plugin has already checked the admin token.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app) => {
  const db = app.database.db;

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin actions, newest first (who, what, when, before and after)',
        security: bearer,
        querystring: AuditQuerySchema,
        response: { 200: successEnvelope(AuditListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listAudit(db, request.query) }),
  );

  app.get(
    '/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact Sales messages, newest first',
        security: bearer,
        querystring: ContactMessagesQuerySchema,
        response: { 200: successEnvelope(ContactMessageListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listContactMessages(db, request.query) }),
  );

  app.put(
    '/contact-messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a Contact Sales message new, read or archived',
        security: bearer,
        params: ContactMessageParamsSchema,
        body: UpdateContactMessageSchema,
        response: { 200: successEnvelope(ContactMessageResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        message: await setContactMessageStatus(
          db,
          { userId: request.auth!.userId, ip: request.ip },
          request.params.id,
          request.body.status,
        ),
      },
      message: 'Message updated',
    }),
  );
};
