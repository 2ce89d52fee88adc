import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Cross-origin API calls, only from the origins in CORS_ORIGINS. With none configured (the default)
 * nothing is registered: no CORS headers at all, and the browser's same-origin policy applies. A
 * request from any other origin gets no CORS headers either, and its preflight is answered 404.
 * No cookie authenticates (bearer tokens only), so credentials are never allowed.
 */
async function corsPlugin(app: FastifyInstance, opts: { origins: string[] }) {
  if (opts.origins.length === 0) return;
  const allowed = new Set(opts.origins);
  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  });
}

export default fp(corsPlugin, { name: 'cors' });
