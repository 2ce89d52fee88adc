import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { metrics } from '../../lib/metrics';

/*
 * Request counts, latencies and errors for every request, and GET /api/metrics in Prometheus text
 * format behind a bearer token (METRICS_TOKEN). Without a token configured the endpoint does not
 * exist (404). Routes are labelled by their pattern (`/api/prompts/:id`), never by the raw URL, so
 * the number of series stays bounded; unmatched paths share one label.
 */

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  // The SPA's catch-all serves every page path: one label for all of them.
  return pattern.startsWith('/api') ? pattern : 'spa';
}

async function metricsPlugin(app: FastifyInstance, opts: { token: string | null }) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (!opts.token) return;
  const expected = digest(opts.token);
  app.get(
    '/api/metrics',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (bearer METRICS_TOKEN; absent when no token is configured)',
      },
    },
    async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      // Compared as digests, in constant time, so the comparison leaks neither length nor prefix.
      if (!match || !crypto.timingSafeEqual(digest(match[1]!), expected)) {
        throw new AppError('AUTHENTICATION_ERROR', undefined, { internal: 'metrics without a valid token' });
      }
      reply.header('cache-control', 'no-store');
      reply.type(metrics.contentType);
      return await metrics.render();
    },
  );
}

export default fp(metricsPlugin, { name: 'metrics' });
