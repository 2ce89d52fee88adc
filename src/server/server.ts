import type { Config } from './config';
import { buildApp } from './app';
import { migrateToLatest, openDatabase, startError } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { bootstrapAdmin } from './modules/auth/admins';

/**
 * Opens the database, brings it up to date, seeds demo data when asked, listens, and starts the jobs. `stop` closes
 * gracefully: no new connections, requests in flight finish, then the database closes.
 */
export async function startServer(config: Config, options: { webRoot?: string } = {}) {
  const database = openDatabase(config.databaseUrl, {
    backgroundCheckpoints: true,
    poolSize: config.databasePoolSize,
  });
  let app;
  try {
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, webRoot: options.webRoot });
    if (config.demo) await seedDemoIfEmpty(database.db, app.log);
    const admin = await bootstrapAdmin(database.db, config.bootstrapAdmin);
    if (admin)
      app.log.info(
        { email: config.bootstrapAdmin?.email },
        admin.created ? 'created the first admin' : 'promoted the first admin',
      );
  } catch (err) {
    await database.close();
    throw startError(config.databaseUrl, err);
  }
  const address = await app.listen({ host: config.host, port: config.port });
  // Workers and schedules (decision 047); their failure to start is a failed start.
  try {
    await app.jobs.start({ schedules: true });
  } catch (err) {
    await app.close();
    throw err;
  }
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      const timer = setTimeout(() => {
        app.log.error('shutdown timed out; closing remaining connections');
        app.server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      timer.unref();
      await app.close();
      clearTimeout(timer);
    })();
    return stopping;
  };
  return { app, address, stop };
}
