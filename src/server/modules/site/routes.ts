import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { PublicStatsSchema } from '../../../shared/site';
import { cachedPublicStats } from './service';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = cachedPublicStats(app.database.db);
  app.get(
    '/site/stats',
    {
      schema: {
        tags: ['site'],
        summary: 'Live platform figures for the home page',
        response: { 200: successEnvelope(PublicStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await stats() }),
  );
};
