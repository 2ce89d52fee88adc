import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isKnownPagePath } from '../../../shared/routes';
import { COMPRESSIBLE } from '../external/compression';
import { hasOverlongSegment, sendAddressError, sendError } from './errors';
import { createPagePreloads } from './spa-preload';
import { type PageSources, createPageRenderer, pageDataFor } from './spa-render';

/*
 * Serves the built SPA from memory, with history fallback. Hashed assets are cached for a year;
 * index.html and every other file never (revalidated with their ETag). A path the SPA has no page for
 * still gets the app (which shows the 404 page) but with status 404, and the server logs the path.
 *
 * Each file is read once, with its compressed forms: the `.br` and `.gz` siblings the build writes
 * (vite.config.ts), else compressed here once (brotli quality 4, as for other answers). Its headers
 * and ETag are computed with it, so an answer is a lookup and a write. A hashed asset never changes
 * under its name; any other file (index.html after a rebuild) is checked with one stat per request
 * and read again when it changed. Files added after start are found on their first request.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Below this size compressing is not worth the CPU (the same threshold as plugins/compression.ts). */
const COMPRESS_MIN_BYTES = 1024;
/** Files larger than this are read from disk on each request instead of being kept in memory. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

interface Variant {
  body: Buffer;
  headers: Record<string, string>;
}

interface StaticFile {
  mtimeMs: number;
  size: number;
  etag: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
}

/** Which stored encoding to send for an Accept-Encoding header: brotli first, then gzip. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  let br = false;
  let gzip = false;
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** True when If-None-Match names this ETag (weak comparison, as for GET and HEAD). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

function readSibling(file: string, suffix: string): Buffer | null {
  try {
    return fs.readFileSync(file + suffix);
  } catch {
    return null;
  }
}

/** A file's answer from its bytes: headers, ETag and compressed forms (`siblings` finds stored ones). */
function entryFor(
  body: Buffer,
  type: string,
  cacheControl: string,
  stat: { mtimeMs: number; size: number },
  siblings: (suffix: string) => Buffer | null = () => null,
): StaticFile {
  const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const base = { 'content-type': type, 'cache-control': cacheControl, etag };
  const compressible = COMPRESSIBLE(type) && body.length >= COMPRESS_MIN_BYTES;
  if (compressible) Object.assign(base, { vary: 'accept-encoding' });
  const variant = (data: Buffer, encoding?: string): Variant => ({
    body: data,
    headers: {
      ...base,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(data.length),
    },
  });
  let br: Variant | null = null;
  let gzip: Variant | null = null;
  if (compressible) {
    br = variant(
      siblings('.br') ??
        zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      'br',
    );
    gzip = variant(siblings('.gz') ?? zlib.gzipSync(body), 'gzip');
  }
  return { mtimeMs: stat.mtimeMs, size: stat.size, etag, identity: variant(body), br, gzip };
}

function load(file: string, stat: fs.Stats, cacheControl: string): StaticFile {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // A sibling older than the file is left from an earlier build: compress the file itself.
  const fresh = (suffix: string) => {
    const sibling = fs.statSync(file + suffix, { throwIfNoEntry: false });
    return sibling && sibling.mtimeMs >= stat.mtimeMs ? readSibling(file, suffix) : null;
  };
  return entryFor(fs.readFileSync(file), type, cacheControl, stat, fresh);
}

/** Files inside the root, kept in memory while they have not changed. */
function fileCache() {
  const cache = new Map<string, StaticFile>();
  /** The file at `file` (inside the root), from memory when it has not changed; null when missing. */
  return function lookup(file: string, immutable: boolean): StaticFile | null {
    const known = cache.get(file);
    if (known && immutable) return known;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      cache.delete(file);
      return null;
    }
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const loaded = load(file, stat, immutable ? IMMUTABLE : 'no-cache');
    if (stat.size <= MAX_CACHED_BYTES) cache.set(file, loaded);
    return loaded;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, entry: StaticFile, status: number) {
  if (status === 200 && matches(request.headers['if-none-match'], entry.etag)) {
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = entry.identity.headers;
    return reply.status(304).headers(headers).send();
  }
  const encoding = entry.br ? pickEncoding(request.headers['accept-encoding']) : null;
  const variant = (encoding && entry[encoding]) || entry.identity;
  return reply.status(status).headers(variant.headers).send(variant.body);
}

/** The file a URL names inside `root`; null for a way out of the root, a dotfile or a bad escape. */
function staticPath(root: string, url: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(url);
  } catch {
    return null;
  }
  const file = path.join(root, relative);
  // No way out of the root, and no dotfiles (nor anything inside a dot-folder).
  if (
    !file.startsWith(root + path.sep) ||
    relative.includes('\0') ||
    relative.split('/').some((part) => part.startsWith('.'))
  ) {
    return null;
  }
  return file;
}

type PageHandler = (request: FastifyRequest, reply: FastifyReply, url: string) => Promise<unknown>;

/**
 * What no route answered: an API path gets the error envelope, a missing file a plain 404, and any
 * other page path the app (which says the page is missing) with status 404.
 */
function notFound(page: PageHandler) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      if (hasOverlongSegment(url)) return sendAddressError(request, reply, true);
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
    return page(request, reply, url);
  };
}

async function spaPlugin(
  app: FastifyInstance,
  opts: { root: string; ssrRoot?: string | null; pages?: PageSources },
) {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const pagePreloads = createPagePreloads(opts.root);
  const lookup = fileCache();
  // Public pages come with their markup (decision 019): once per page and build, a prompt's page
  // once per address and answer (spa-render.ts).
  const renderPage = createPageRenderer(
    opts.ssrRoot ?? null,
    app.log,
    (html) => {
      const body = Buffer.from(html);
      return entryFor(body, TYPES['.html']!, 'no-cache', { mtimeMs: 0, size: body.length });
    },
    () => opts.pages?.site?.(),
  );

  async function page(request: FastifyRequest, reply: FastifyReply, url: string) {
    const known = isKnownPagePath(url);
    if (!known) request.log.warn({ path: url }, 'page not found');
    const index = hasBuild ? lookup(indexFile, false) : null;
    if (!index) {
      return reply
        .status(known ? 503 : 404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // The page's own code, fetched alongside the entry rather than after it (spa-preload.ts).
    const preload = known ? pagePreloads(url) : undefined;
    const data = known && opts.ssrRoot && opts.pages ? await pageDataFor(opts.pages, request.url) : null;
    const rendered = known
      ? await renderPage(
          request.url,
          {
            html: () => index.identity.body.toString('utf8'),
            tag: index.etag,
            pageModules: preload?.files ?? [],
          },
          data === 'missing' ? null : data,
        )
      : null;
    // A rendered page starts its scripts after its first paint (spa-render.ts), the page's own among them.
    if (preload && !rendered) reply.header('link', preload.header);
    // A prompt's page that names no public prompt is the app (which says so) with status 404, as the
    // API answers: crawlers and link checkers see a missing page, not an empty one.
    return send(request, reply, rendered ?? index, known && data !== 'missing' ? 200 : 404);
  }

  if (hasBuild) {
    app.get(
      '/*',
      // Answers carry their own encoding; the compression plugin has nothing to do here.
      { compress: false, schema: { hide: true } },
      (request, reply) => {
        const url = request.url.split('?')[0] ?? '/';
        if (url === '/api' || url.startsWith('/api/')) return reply.callNotFound();
        // A page the app has is answered at once; an unknown one goes by the (rate-limited) not-found
        // handler. Directories, the site root among them, are never files.
        if (isKnownPagePath(url)) return page(request, reply, url);
        if (url.endsWith('/')) return reply.callNotFound();
        const file = staticPath(root, url);
        if (!file) return reply.callNotFound();
        const entry = lookup(file, url.startsWith('/assets/'));
        return entry ? send(request, reply, entry, 200) : reply.callNotFound();
      },
    );
  }

  app.setNotFoundHandler(
    // Probing for paths is cheap for a client and not free for us.
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute', allowList: () => false }) },
    notFound(page),
  );
}

export default fp(spaPlugin, { name: 'spa', dependencies: ['errors', 'rate-limit'] });
