import os from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { createTestDatabase } from './test-db';

/** Configuration as a test deployment would set it: explicit secret, quiet logs, no demo seeding. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-schema-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'promptforge-test'),
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    // Jobs: idle workers look every half second, and a failed job is retried at its next look.
    JOB_POLL_SECONDS: '0.5',
    JOB_RETRY_DELAY_SECONDS: '0',
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** The whole server on a fresh database, ready for `app.inject`. */
export async function createTestApp(
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    webRoot?: string;
    /** Folder of a server rendering build (entry-server.js) for webRoot's pages; none by default. */
    webSsrRoot?: string;
    /** Receives the log lines as JSON text (give env LOG_LEVEL to choose what is written). */
    logStream?: { write(line: string): void };
    /** Adds routes before the app is ready (e.g. a route that crashes, to test the error handler). */
    extend?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ demo: options.demo });
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : undefined,
    database,
    webRoot: options.webRoot ?? path.join(os.tmpdir(), 'promptforge-no-web-build'),
    webSsrRoot: options.webSsrRoot,
  });
  options.extend?.(app);
  await app.ready();
  return { app, database, close: () => app.close() };
}
