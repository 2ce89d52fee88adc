import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Rate limiting is opt-in per scope (the API, the 404 handler, sensitive routes) so static assets are
 * never limited. Limits are per client address.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
