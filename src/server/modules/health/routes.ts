import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema, successEnvelope } from '../../../shared/envelope';
import { HealthSchema, ReadySchema } from '../../../shared/site';
import { AppError } from '../../lib/errors';

/** What other modules report to the readiness check. */
export interface Readiness {
  /** Redis, when configured: 'unavailable' while the limits are counted per instance. */
  redis?: () => 'ok' | 'unavailable' | 'off';
}

/** Liveness (the process answers) and readiness (the database answers, and what is warm). */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness?: Readiness }> = async (app, opts) => {
  app.get(
    '/health',
    // Probes are polled all day: their requests are logged only when something goes wrong.
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: successEnvelope(HealthSchema) } } },
    async () => ({ success: true as const, data: { status: 'ok' as const, uptime: process.uptime() } }),
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
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
      const redis = opts.readiness?.redis?.() ?? 'off';
      return {
        success: true as const,
        data: {
          // Degraded: serving, with a dependency missing (each instance counts limits on its own).
          status: redis === 'unavailable' ? ('degraded' as const) : ('ready' as const),
          database: app.database.engine,
          redis,
        },
      };
    },
  );
};
