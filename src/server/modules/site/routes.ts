import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { PublicStatsSchema, type SiteConfig, SiteConfigSchema } from '../../../shared/site';
import type { PageSources } from '../../plugins/app/spa-render';
import { cachedPublicStats } from './service';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteConfig; pages?: PageSources }> = async (
  app,
  { site, pages },
) => {
  const stats = cachedPublicStats(app.database.db);
  // Every server-rendered page carries the same facts, so its claims are drawn true from the first paint.
  if (pages) pages.site = () => site;
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
        summary:
          'Deployment facts the browser needs: demo mode and its credentials, TLS, the payment provider, the currency and the live models',
        response: { 200: successEnvelope(SiteConfigSchema) },
      },
    },
    async () => ({ success: true as const, data: site }),
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
