import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { MarketplaceListSchema, MarketplaceQuerySchema } from '../../../shared/marketplace';
import { listMarketplacePrompts } from './service';

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/marketplace/prompts',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Browse published prompts',
        querystring: MarketplaceQuerySchema,
        response: { 200: successEnvelope(MarketplaceListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listMarketplacePrompts(app.database.db, request.query),
    }),
  );
};
