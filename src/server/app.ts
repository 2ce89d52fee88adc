import path from 'node:path';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { compiledSerializerCompiler } from './lib/json-serializer';
import { apiKeyAuthenticator } from './modules/api-keys/authenticate';
import type { Readiness } from './modules/health/routes';
import { mcpRoutes } from './modules/mcp/routes';
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
import { apiRoutes } from './api';
import { scheduleJobs } from './schedules';
import { createServices } from './services';

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

  const services = createServices(config, options.database, app.log);
  const { limiter, jobs, background, playground, billing, apiKeys } = services;
  scheduleJobs(services, options.database, config);
  app.addHook('onClose', () => services.close());

  // Data the server-rendered pages show, from the modules that own it (decision 019).
  const pages: PageSources = {};
  const readiness: Readiness = { redis: () => services.sharedLimiter?.state() ?? 'off' };
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
  await app.register(authPlugin, { tokens: services.tokens, apiKeys: apiKeyAuthenticator(apiKeys) });
  await app.register(openapiPlugin);
  // After the OpenAPI plugin, so /api/metrics is documented (and the access matrix sees it).
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(apiRoutes({ config, services, pages, readiness, log: app.log }), { prefix: '/api' });

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
