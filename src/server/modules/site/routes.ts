import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { PublicStatsSchema, SiteConfigSchema } from '../../../shared/site';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import type { PageSources } from '../../plugins/spa-render';
import { cachedPublicStats } from './service';

export const siteRoutes: FastifyPluginAsyncZod<{ demo: boolean; pages?: PageSources }> = async (
  app,
  { demo, pages },
) => {
  const stats = cachedPublicStats(app.database.db);
  // The server-rendered home page (decision 019) shows the same figures as the API.
  if (pages) {
    pages.siteStats = async () => {
      try {
        const figures = await stats();
        return { tag: JSON.stringify(figures), data: () => figures };
      } catch (err) {
        app.log.warn({ err }, "the home page's figures could not be read");
        return null;
      }
    };
  }

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
