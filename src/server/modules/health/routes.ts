import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema, successEnvelope } from '../../../shared/envelope';
import { HealthSchema, ReadySchema } from '../../../shared/site';
import { AppError } from '../../lib/errors';

/** Liveness (the process answers) and readiness (the database answers, and what is warm). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: successEnvelope(HealthSchema) } } },
    async () => ({ success: true as const, data: { status: 'ok' as const, uptime: process.uptime() } }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        response: { 200: successEnvelope(ReadySchema), 503: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        throw new AppError('SERVER_ERROR', 'Service unavailable. Please try again later.', {
          status: 503,
          internal: 'database not reachable',
        });
      }
      return {
        success: true as const,
        data: {
          status: 'ready' as const,
          database: app.database.engine,
        },
      };
    },
  );
};
