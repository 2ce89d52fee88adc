import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactRequestSchema, ContactResponseSchema } from '../../../shared/contact';
import { successEnvelope } from '../../../shared/envelope';
import { submitContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      // A public form: a tight per-address limit keeps it from being used to flood the inbox.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the sales team',
        body: ContactRequestSchema,
        response: { 201: successEnvelope(ContactResponseSchema) },
      },
    },
    async (request, reply) => {
      const data = await submitContactMessage(app.database.db, request.body, request.ip);
      return reply.status(201).send({
        success: true as const,
        data,
        message: 'Message Sent! Our sales team will contact you within 24 hours.',
      });
    },
  );
};
