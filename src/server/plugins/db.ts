import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the open database available to routes, and closes it last when the server closes. */
async function dbPlugin(app: FastifyInstance, opts: { database: Database }) {
  app.decorate('database', opts.database);
  app.addHook('onClose', async () => {
    await opts.database.close();
  });
}

export default fp(dbPlugin, { name: 'db' });
