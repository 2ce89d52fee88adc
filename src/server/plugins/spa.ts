import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isKnownPagePath } from '../../shared/routes';
import { sendError } from './errors';
import { createPagePreloads } from './spa-preload';

/*
 * Serves the built SPA with history fallback. Hashed assets are cached for a year; index.html never.
 * A path the SPA has no page for still gets the app (which shows the 404 page) but with status 404,
 * and the server logs the missing path.
 */
async function spaPlugin(app: FastifyInstance, opts: { root: string }) {
  const indexFile = path.join(opts.root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const pagePreloads = createPagePreloads(opts.root);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      // One catch-all route that looks files up on each request, so a rebuild is served without a
      // restart; a miss falls through to the not-found handler below.
      wildcard: true,
      // Directories (the site root among them) are pages, answered by the SPA below.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(
    // Probing for paths is cheap for a client and not free for us.
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute', allowList: () => false }) },
    (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url === '/api' || url.startsWith('/api/')) {
        request.log.info({ method: request.method, path: url }, 'api route not found');
        return sendError(request, reply, 404, 'NOT_FOUND_ERROR', 'The requested resource was not found.');
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendError(request, reply, 404, 'NOT_FOUND_ERROR', 'The requested resource was not found.');
      }
      // A missing file (an old hashed bundle, a typo) is a plain 404, not the app's HTML.
      if (url.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(url)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const known = isKnownPagePath(url);
      if (!known) request.log.warn({ path: url }, 'page not found');
      if (!hasBuild) {
        return reply
          .status(known ? 503 : 404)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      }
      // The page's own code, fetched alongside the entry rather than after it (spa-preload.ts).
      const preload = known ? pagePreloads(url) : undefined;
      if (preload) reply.header('link', preload);
      return reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', opts.root);
    },
  );
}

export default fp(spaPlugin, { name: 'spa', dependencies: ['errors', 'rate-limit'] });
