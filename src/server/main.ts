import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError } from './db/database';
import { lowerHelperThreadPriority } from './lib/thread-priority';
import { startServer } from './server';

/** Entry point: `npm start` (after the web build) and `npm run dev` run this. */
async function main() {
  lowerHelperThreadPriority();
  // A .env file beside the package is read when present; variables already set win.
  try {
    process.loadEnvFile('.env');
  } catch {
    // no .env: the environment alone configures the server
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, address, stop } = await startServer(config);
  app.log.info(
    { address, database: app.database.engine, demo: config.demo },
    `Promptforge is running at ${config.publicUrl}`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err: unknown) => {
  // An operator's problem (read-only database, ...) is one line; anything else keeps its stack.
  console.error(err instanceof DatabaseOpenError ? err.message : err);
  process.exit(1);
});
