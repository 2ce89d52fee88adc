import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import { createModelRegistry, logSdkWarnings } from './integrations/ai/providers';
import { createMailer } from './integrations/mail/mailer';
import { createGateway } from './integrations/payments/gateway';
import { diskStorage } from './integrations/storage/file-storage';
import { createJobRunner } from './jobs';
import { createBackgroundTasks } from './lib/background';
import { type Limiter, fallbackLimiter, memoryLimiter } from './lib/limiter';
import { createApiKeysService } from './modules/api-keys/service';
import { createAuthService } from './modules/auth/service';
import { createTokenService } from './modules/auth/tokens';
import { createBillingService } from './modules/billing/service';
import { createTeamsService } from './modules/teams/service';
import { createPlaygroundService } from './modules/playground/service';
import { createUploads } from './modules/playground/uploads';
import type { PromptTestsDeps } from './modules/prompt-tests/service';

/**
 * What the routes, jobs and plugins work with, built once from the configuration: the shared
 * limiter (Redis when configured), tokens, the job runner, the mailer, the models and the modules'
 * services. `close` lets go of what outlives a request (the mailer's timer, the Redis connection).
 */
export function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const { db, engine } = database;
  // Shared limits across app processes when Redis is configured; in-process otherwise.
  // Without an offline queue, a command while Redis is away fails at once and is counted here.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  const sharedLimiter = redis ? fallbackLimiter(redis, log) : null;
  const limiter: Limiter = sharedLimiter ?? memoryLimiter();
  const tokens = createTokenService(config.jwtSecret);
  // Background and scheduled work, once across instances (decision 047); started by the server, or
  // by the first job a request queues.
  const jobs = createJobRunner(database, config.jobs, log);
  const mailer = createMailer({
    db,
    jobs,
    log,
    smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : null,
    from: config.mailFrom,
  });
  const background = createBackgroundTasks(log);
  const models = createModelRegistry(config.ai);
  logSdkWarnings(log);
  // The OpenAI-compatible servers' model lists, read once at start (and again on the admin's refresh).
  void models.refresh();
  const uploads = createUploads(
    db,
    diskStorage(path.join(config.dataDir, 'uploads')),
    config.playground.uploadMaxBytes,
  );
  return {
    limiter,
    sharedLimiter,
    tokens,
    jobs,
    mailer,
    background,
    models,
    uploads,
    auth: createAuthService({ db, engine, tokens, mailer, limiter, background, config, log }),
    playground: createPlaygroundService({ db, engine, models, uploads, limiter, config, log }),
    billing: createBillingService({
      db,
      config: config.payments,
      gateway: createGateway(config.payments),
      log,
      models,
      mailer,
      jobs,
      publicUrl: config.publicUrl,
    }),
    apiKeys: createApiKeysService({ db, limiter, rateLimit: config.apiKeyRateLimit }),
    /** Prompt tests (issue 56, decision 057): runs when a version goes live, and weekly. */
    promptTests: { db, models, config, mailer, jobs, log } satisfies PromptTestsDeps,
    teams: createTeamsService({ db, engine, mailer, publicUrl: config.publicUrl }),
    async close() {
      mailer.close();
      // Leaving on purpose is no outage: the limiter's warning is for a Redis that went away.
      redis?.removeAllListeners('error');
      await redis?.quit().catch(() => {});
    },
  };
}

export type Services = ReturnType<typeof createServices>;
