import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Limiter } from '../../lib/limiter';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** Probes answer whatever the load: an orchestrator polling them must never be limited. */
const isProbe = (url: string) => url === '/api/health' || url === '/api/ready';

/** @fastify/rate-limit's store contract, counted by the app's limiter (shared, with its fallback). */
function limiterStore(limiter: Limiter): FastifyRateLimitStoreCtor {
  class LimiterStore implements FastifyRateLimitStore {
    prefix = 'api:';
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      limiter.hit(this.prefix + key, windowMs).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.resetMs }),
        (err: Error) => cb(err),
      );
    }
    /** A route with its own limit counts apart (the plugin passes the route as `routeInfo`). */
    child(route: object) {
      const { method, url } = (route as { routeInfo: { method: string; url: string } }).routeInfo;
      const child = new LimiterStore();
      child.prefix = `${this.prefix}${method}${url}:`;
      return child;
    }
  }
  return LimiterStore;
}

/*
 * Every API route is limited per client address (RATE_LIMIT_MAX a minute); a route may set a tighter
 * limit in `config.rateLimit`. Static assets, pages and the probes are never limited; the 404 handler
 * has its own limiter (see spa.ts). The counts live in the app's limiter: shared through Redis when
 * it is configured and answering, per instance otherwise (lib/limiter.ts).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { max: number; limiter: Limiter }) {
  await app.register(rateLimit, {
    global: true,
    store: limiterStore(opts.limiter),
    max: opts.max,
    timeWindow: '1 minute',
    allowList: (request) => !isApi(request.url) || isProbe(request.url),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
