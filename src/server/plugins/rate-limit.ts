import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/*
 * Every API route is limited per client address (RATE_LIMIT_MAX a minute); a route may set a tighter
 * limit in `config.rateLimit`. Static assets and pages are never limited; the 404 handler has its
 * own limiter (see spa.ts).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { max: number; redis: Redis | null }) {
  await app.register(rateLimit, {
    global: true,
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'pf:api-limit:' } : {}),
    max: opts.max,
    timeWindow: '1 minute',
    allowList: (request) => !isApi(request.url),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
