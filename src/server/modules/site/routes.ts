import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { PublicStatsSchema, SiteConfigSchema } from '../../../shared/site';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { cachedPublicStats } from './service';

export const siteRoutes: FastifyPluginAsyncZod<{ demo: boolean }> = async (app, { demo }) => {
  const stats = cachedPublicStats(app.database.db);

  app.get(
    '/site/config',
    {
      schema: {
        tags: ['site'],
        summary: 'Deployment facts the browser needs (demo mode and its public demo credentials)',
        response: { 200: successEnvelope(SiteConfigSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: {
        demo,
        // Only in demo mode, where these accounts exist and are meant to be tried.
        demoAccounts: demo
          ? {
              user: { email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password },
              admin: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
            }
          : null,
      },
    }),
  );

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
