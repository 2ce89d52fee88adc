import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { metrics } from '../../lib/metrics';
import { type CachedResponse, type ResponseCache, type Stamp, etagMatches } from '../../lib/response-cache';

/*
 * The front door (decision 018): a cached public answer is sent from the HTTP server's own request
 * handler, before Fastify sees the request. A cache hit then costs about what a bare node:http
 * server costs to send the same bytes, instead of Fastify's routing, hooks and reply machinery,
 * which cost several times more than the answer itself.
 *
 * Nothing is served here that Fastify has not served first: a route that sent a cached answer
 * remembers the exact request URL (after Fastify validated it) with the cache key it resolved to.
 * The next GET of that URL is answered here only while the entry is current (its data version is
 * read from the database for every request, as the route does: one read serves the requests of one
 * turn of the event loop, response-cache.ts), the caller is anonymous where the
 * answer is, no Origin asks for CORS, and the client is within its request allowance. Anything
 * else goes to Fastify unchanged, which answers exactly as before (and builds the entry again).
 */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's request id when it is sane (so a trace crosses the load balancer), else a new one. */
export function requestId(req: http.IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export interface FrontRoute {
  /** The route's pattern, the label its metrics go under (as Fastify's would). */
  label: string;
  cache: ResponseCache;
  key: string;
  /** What the entry must be current at now (response-cache.ts): it is sent only when it is. */
  stamp: () => Promise<Stamp>;
  vary: string;
  /** Only callers without an Authorization header get this answer (it is the anonymous one). */
  anonymousOnly: boolean;
  /** Called after the answer is sent (a prompt page counts a view). */
  served?: (entry: CachedResponse, client: { ip: string; userAgent: string }) => void;
}

/** Fastify's options for its HTTP server (with its defaults filled in), as a factory gets them. */
interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** At most this many URLs are remembered (least recently used go first). */
const MAX_ROUTES = 10_000;
const WINDOW_MS = 60_000;
/** Log levels at which Fastify logs every request (its access log is at info). */
const VERBOSE = new Set(['trace', 'debug', 'info']);

export function createFrontDoor(options: { trustProxy: boolean; rateLimitMax: number }) {
  const routes = new Map<string, FrontRoute>();
  // Requests per client address in the current minute, for what is served here (see decision 018).
  let window = new Map<string, number>();
  let windowEnds = 0;
  let opened: { headers: string[]; log: FastifyBaseLogger } | null = null;
  let hits = 0;

  const clientIp = (req: http.IncomingMessage): string => {
    if (options.trustProxy) {
      // As Fastify's trustProxy: true does: the furthest address the proxies recorded.
      const forwarded = req.headers['x-forwarded-for'];
      const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
      if (first) return first;
    }
    return req.socket.remoteAddress ?? '';
  };

  /** Counts the request against the client's allowance; false when it is used up. */
  const allowed = (ip: string, now: number): boolean => {
    if (now >= windowEnds) {
      window = new Map();
      windowEnds = now + WINDOW_MS;
    }
    const used = (window.get(ip) ?? 0) + 1;
    if (used > options.rateLimitMax) return false;
    window.set(ip, used);
    return true;
  };

  /** The route this request may be answered from, or null for Fastify. */
  function match(req: http.IncomingMessage): FrontRoute | null {
    if (!opened || req.method !== 'GET' || req.url === undefined) return null;
    const route = routes.get(req.url);
    if (!route) return null;
    if (req.headers.origin !== undefined) return null;
    if (route.anonymousOnly && req.headers.authorization !== undefined) return null;
    return route;
  }

  /** Sends the entry when it is current and the client within its allowance; false leaves it to Fastify. */
  function answer(req: http.IncomingMessage, res: http.ServerResponse, route: FrontRoute, at: Stamp) {
    const started = performance.now();
    const entry = route.cache.peek(route.key, at);
    if (!entry || !opened) return false;
    const ip = clientIp(req);
    if (!allowed(ip, Date.now())) return false;

    const id = requestId(req);
    const headers = opened.headers.slice();
    headers.push('x-request-id', id, 'etag', entry.etag, 'cache-control', 'no-cache', 'vary', route.vary);
    let status = 200;
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      status = 304;
      res.writeHead(304, headers);
      res.end();
    } else {
      const { body, encoding } = route.cache.bytesFor(route.key, entry, req.headers['accept-encoding']);
      if (encoding) headers.push('content-encoding', encoding);
      headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(body.length));
      res.writeHead(200, headers);
      res.end(body);
    }
    hits++;
    const seconds = (performance.now() - started) / 1000;
    metrics.request('GET', route.label, status, seconds);
    const { log } = opened;
    if (VERBOSE.has(log.level)) {
      log.info({ reqId: id, req: { method: 'GET', url: req.url, remoteAddress: ip } }, 'incoming request');
      log.info({ reqId: id, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
    }
    route.served?.(entry, { ip, userAgent: req.headers['user-agent'] ?? '' });
    return true;
  }

  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const fallBack = (req: http.IncomingMessage, res: http.ServerResponse, err: unknown) => {
      // Fastify answers instead, and reports what it meets (a database that is down is a 503).
      opened?.log.warn({ err, url: req.url }, 'front door fell back to the app');
      if (!res.headersSent) handler(req, res);
    };
    /** Answers from `route` when the entry is current at `at`, else hands the request to Fastify. */
    const serve = (req: http.IncomingMessage, res: http.ServerResponse, route: FrontRoute, at: Stamp) => {
      let done: boolean;
      try {
        done = answer(req, res, route, at);
      } catch (err) {
        return fallBack(req, res, err);
      }
      if (!done) handler(req, res);
    };
    const server = http.createServer((req, res) => {
      const route = match(req);
      if (!route) return handler(req, res);
      let stamp: Promise<Stamp>;
      try {
        stamp = route.stamp();
      } catch (err) {
        return fallBack(req, res, err);
      }
      // Closures passed inline: a named one made per request costs a defineProperty under tsx.
      stamp.then(
        (current) => serve(req, res, route, current),
        (err: unknown) => fallBack(req, res, err),
      );
    });
    // What Fastify sets on a server it creates itself, and not on one a factory gives it. Without
    // it Node's 5 s keep-alive applies: a client (or a load balancer) reusing a connection idle for
    // about that long races the server closing it, and the request fails with a reset.
    const given = fastifyOptions as ServerTimeouts;
    if (given.keepAliveTimeout !== undefined) server.keepAliveTimeout = given.keepAliveTimeout;
    if (given.requestTimeout !== undefined) server.requestTimeout = given.requestTimeout;
    if (given.connectionTimeout !== undefined) server.setTimeout(given.connectionTimeout);
    if (given.maxRequestsPerSocket) server.maxRequestsPerSocket = given.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** Starts answering, with the headers every answer carries (the security plugin's). */
    open(headers: Record<string, string>, log: FastifyBaseLogger) {
      opened = { headers: Object.entries(headers).flat(), log };
    },
    /** The next GETs of `url` may be answered here from `route` (called by a route that served it). */
    remember(url: string, route: FrontRoute) {
      routes.delete(url);
      routes.set(url, route);
      if (routes.size > MAX_ROUTES) routes.delete(routes.keys().next().value!);
    },
    /** Answers sent here (for tests and diagnostics). */
    get hits() {
      return hits;
    },
  };
}
export type FrontDoor = ReturnType<typeof createFrontDoor>;

declare module 'fastify' {
  interface FastifyInstance {
    frontDoor: FrontDoor;
  }
}
