import path from 'node:path';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { Redis } from 'ioredis';
import { createModelRegistry, logSdkWarnings } from './integrations/ai/providers';
import { createGateway } from './integrations/payments/gateway';
import { diskStorage } from './integrations/storage/file-storage';
import { createMailer } from './integrations/mail/mailer';
import { createJobRunner } from './jobs';
import { createBackgroundTasks } from './lib/background';
import { compiledSerializerCompiler } from './lib/json-serializer';
import { type Limiter, fallbackLimiter, memoryLimiter } from './lib/limiter';
import { adminRoutes } from './modules/admin/routes';
import { apiKeyAuthenticator } from './modules/api-keys/authenticate';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { createApiKeysService } from './modules/api-keys/service';
import { authRoutes } from './modules/auth/routes';
import { paymentRoutes } from './modules/billing/routes';
import { REMINDER_CRON, REMINDER_QUEUE, createBillingService } from './modules/billing/service';
import { createAuthService } from './modules/auth/service';
import { createTokenService } from './modules/auth/tokens';
import { contactRoutes } from './modules/contact/routes';
import { creatorRoutes } from './modules/creator/routes';
import { libraryRoutes } from './modules/library/routes';
import { type Readiness, healthRoutes } from './modules/health/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { mcpRoutes } from './modules/mcp/routes';
import { playgroundRoutes } from './modules/playground/routes';
import { createPlaygroundService } from './modules/playground/service';
import { REPORT_SCHEDULES, sendAdminReport } from './modules/admin/settings/report';
import { createUploads } from './modules/playground/uploads';
import { siteRoutes } from './modules/site/routes';
import { siteConfig } from './modules/site/service';
import { userRoutes } from './modules/user/routes';
import compressionPlugin from './plugins/external/compression';
import corsPlugin from './plugins/external/cors';
import metricsPlugin from './plugins/external/metrics';
import openapiPlugin from './plugins/external/openapi';
import rateLimitPlugin from './plugins/external/rate-limit';
import securityPlugin from './plugins/external/security';
import authPlugin from './plugins/app/auth';
import dbPlugin from './plugins/app/db';
import errorsPlugin, { MAX_PARAM_LENGTH, frameworkErrorHandler } from './plugins/app/errors';
import { createFrontDoor, requestId } from './plugins/app/front-door';
import spaPlugin from './plugins/app/spa';
import type { PageSources } from './plugins/app/spa-render';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built SPA; defaults to dist/web beside the package root. */
  webRoot?: string;
  /** Folder of its server rendering build (decision 019); dist/web-ssr with the default webRoot, else none. */
  webSsrRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server: external plugins, app plugins, then the API routes and the SPA. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  // Cached public answers are sent from the HTTP server's handler, ahead of Fastify (decision 018).
  const frontDoor = createFrontDoor({ trustProxy: config.trustProxy, rateLimitMax: config.rateLimitMax });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    // A person at a terminal in development reads pino-pretty's lines; anything else gets JSON.
    logger: options.logger ?? {
      level: config.logLevel,
      ...(config.env === 'development' && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty' } }
        : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Malformed URLs and over-long path parameters get the error envelope too.
    frameworkErrors: frameworkErrorHandler,
    // Keep a caller's request id when it is sane, so a trace crosses the load balancer.
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  // Shared limits across app processes when Redis is configured; in-process otherwise.
  // Without an offline queue, a command while Redis is away fails at once and is counted here.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  const shared = redis ? fallbackLimiter(redis, app.log) : null;
  const limiter: Limiter = shared ?? memoryLimiter();
  const tokens = createTokenService(config.jwtSecret);
  // Background and scheduled work, once across instances (decision 047); started by the server, or
  // by the first job a request queues.
  const jobs = createJobRunner(options.database, config.jobs, app.log);
  const mailer = createMailer({
    db: options.database.db,
    jobs,
    log: app.log,
    smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : null,
    from: config.mailFrom,
  });
  const background = createBackgroundTasks(app.log);
  const auth = createAuthService({
    db: options.database.db,
    engine: options.database.engine,
    tokens,
    mailer,
    limiter,
    background,
    config,
    log: app.log,
  });
  const models = createModelRegistry(config.ai);
  logSdkWarnings(app.log);
  const uploads = createUploads(
    options.database.db,
    diskStorage(path.join(config.dataDir, 'uploads')),
    config.playground.uploadMaxBytes,
  );
  // The OpenAI-compatible servers' model lists, read once at start (and again on the admin's refresh).
  void models.refresh();
  const playground = createPlaygroundService({
    db: options.database.db,
    engine: options.database.engine,
    models,
    uploads,
    limiter,
    config,
    log: app.log,
  });
  const billing = createBillingService({
    db: options.database.db,
    config: config.payments,
    gateway: createGateway(config.payments),
    log: app.log,
    models,
    mailer,
    publicUrl: config.publicUrl,
  });
  // Subscriptions whose period ended are marked expired (reads already treat them as ended), and
  // refunds of payments that granted nothing, left due by a gateway failure, are tried again.
  jobs.work('subscription-expiry', { retryLimit: 1 }, async () => {
    await billing.expire();
  });
  jobs.schedule('subscription-expiry', '* * * * *');
  jobs.work('refund-retry', { retryLimit: 1 }, async () => {
    await billing.retryRefunds();
  });
  jobs.schedule('refund-retry', '* * * * *');
  jobs.work(REMINDER_QUEUE, { retryLimit: 3 }, async () => {
    await billing.remindRenewals();
  });
  jobs.schedule(REMINDER_QUEUE, REMINDER_CRON);
  for (const [period, { queue, cron }] of Object.entries(REPORT_SCHEDULES)) {
    jobs.work(queue, { retryLimit: 3 }, async () => {
      await sendAdminReport(
        { db: options.database.db, mailer, publicUrl: config.publicUrl },
        period as keyof typeof REPORT_SCHEDULES,
      );
      jobs.notify('mail-send');
    });
    jobs.schedule(queue, cron);
  }
  app.addHook('onClose', async () => {
    mailer.close();
    // Leaving on purpose is no outage: the limiter's warning is for a Redis that went away.
    redis?.removeAllListeners('error');
    await redis?.quit().catch(() => {});
  });

  // Data the server-rendered pages show, from the modules that own it (decision 019).
  const pages: PageSources = {};
  const readiness: Readiness = { redis: () => shared?.state() ?? 'off' };
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    https: config.publicUrl.startsWith('https://'),
    razorpay:
      config.payments.gateway === 'razorpay'
        ? { checkoutUrl: config.payments.checkoutUrl, apiBase: config.payments.apiBase }
        : null,
  });
  app.decorate('frontDoor', frontDoor);
  frontDoor.open(app.securityHeaders, app.log);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, limiter });
  await app.register(compressionPlugin);
  await app.register(dbPlugin, {
    database: options.database,
    jobs,
    background,
    settleMs: config.shutdownTimeoutMs,
  });
  const apiKeys = createApiKeysService({
    db: options.database.db,
    limiter,
    rateLimit: config.apiKeyRateLimit,
  });
  await app.register(authPlugin, { tokens, apiKeys: apiKeyAuthenticator(apiKeys) });
  await app.register(openapiPlugin);
  // After the OpenAPI plugin, so /api/metrics is documented (and the access matrix sees it).
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { readiness });
      await api.register(siteRoutes, { site: siteConfig(config, playground.choiceModels()), pages });
      await api.register(marketplaceRoutes, { pages });
      await api.register(contactRoutes);
      await api.register(authRoutes, { auth });
      await api.register(userRoutes);
      await api.register(apiKeyRoutes, { apiKeys });
      await api.register(playgroundRoutes, {
        playground,
        uploads,
        uploadMaxBytes: config.playground.uploadMaxBytes,
      });
      await api.register(creatorRoutes, { playground, mailer, publicUrl: config.publicUrl });
      await api.register(libraryRoutes);
      await api.register(paymentRoutes, { prefix: '/payments', billing, alias: false });
      await api.register(paymentRoutes, { prefix: '/payment', billing, alias: true });
      await api.register(adminRoutes, { prefix: '/admin', config, mailer, limiter, billing, models });
    },
    { prefix: '/api' },
  );

  // The MCP server for API keys (issue 59): outside /api, spoken to by MCP clients, not browsers.
  await app.register(mcpRoutes, {
    db: options.database.db,
    engine: options.database.engine,
    playground,
    billing,
    apiKeys,
    limiter,
    perAddress: config.rateLimitMax,
  });

  await app.register(spaPlugin, {
    pages,
    root: options.webRoot ?? path.resolve('dist/web'),
    ssrRoot: options.webSsrRoot ?? (options.webRoot ? null : path.resolve('dist/web-ssr')),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
