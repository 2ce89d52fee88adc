import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import { adminRoutes } from './modules/admin/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { authRoutes } from './modules/auth/routes';
import { payoutRoutes } from './modules/billing/payout-routes';
import { paymentRoutes } from './modules/billing/routes';
import { contactRoutes } from './modules/contact/routes';
import { creatorRoutes } from './modules/creator/routes';
import { type Readiness, healthRoutes } from './modules/health/routes';
import { libraryRoutes } from './modules/library/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { playgroundRoutes, publicShareRoutes } from './modules/playground/routes';
import { promptTestRoutes } from './modules/prompt-tests/routes';
import { versionPublished } from './modules/prompt-tests/service';
import { siteRoutes } from './modules/site/routes';
import { siteConfig } from './modules/site/service';
import { teamRoutes } from './modules/teams/routes';
import { userRoutes } from './modules/user/routes';
import type { PageSources } from './plugins/app/spa-render';
import type { Services } from './services';

/** Every /api route: each module's routes, given the services they work with. */
export function apiRoutes(o: {
  config: Config;
  services: Services;
  pages: PageSources;
  readiness: Readiness;
  log: FastifyBaseLogger;
}): FastifyPluginAsync {
  const { config, services, pages, readiness } = o;
  const { mailer, models, uploads, auth, playground, billing, apiKeys, promptTests, teams, limiter } =
    services;
  return async (api) => {
    await api.register(healthRoutes, { readiness });
    await api.register(siteRoutes, { site: siteConfig(config, playground.choiceModels()), pages });
    await api.register(marketplaceRoutes, { pages, models });
    await api.register(contactRoutes);
    await api.register(authRoutes, { auth });
    await api.register(userRoutes);
    await api.register(notificationRoutes);
    await api.register(apiKeyRoutes, { apiKeys });
    await api.register(teamRoutes, { teams });
    await api.register(playgroundRoutes, {
      playground,
      uploads,
      uploadMaxBytes: config.playground.uploadMaxBytes,
    });
    await api.register(publicShareRoutes, { playground });
    await api.register(creatorRoutes, {
      playground,
      mailer,
      publicUrl: config.publicUrl,
      // A run that cannot be queued must not fail the publish that committed: the hourly look
      // finds the prompt due anyway once its schedule row exists.
      onVersionLive: (promptId) =>
        versionPublished(promptTests, promptId).catch((err: unknown) =>
          o.log.error({ err, promptId }, 'prompt tests could not be queued'),
        ),
    });
    await api.register(promptTestRoutes, { deps: promptTests });
    await api.register(libraryRoutes);
    await api.register(paymentRoutes, { prefix: '/payments', billing, alias: false });
    await api.register(paymentRoutes, { prefix: '/payment', billing, alias: true });
    await api.register(payoutRoutes, { prefix: '/payouts', billing });
    await api.register(adminRoutes, {
      prefix: '/admin',
      config,
      mailer,
      limiter,
      billing,
      models,
      teams,
    });
  };
}
