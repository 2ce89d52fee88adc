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

/** What one front door holds: the remembered URLs, the per-client allowance and, once open, the headers and log. */
interface DoorState {
  readonly routes: Map<string, FrontRoute>;
  readonly trustProxy: boolean;
  readonly allowed: (ip: string, now: number) => boolean;
  opened: { headers: string[]; log: FastifyBaseLogger } | null;
  hits: number;
}

export function createFrontDoor(options: { trustProxy: boolean; rateLimitMax: number }) {
  const state: DoorState = {
    routes: new Map(),
    trustProxy: options.trustProxy,
    allowed: requestAllowance(options.rateLimitMax),
    opened: null,
    hits: 0,
  };
  return {
    serverFactory: frontDoorServerFactory(state),
    /** Starts answering, with the headers every answer carries (the security plugin's). */
    open(headers: Record<string, string>, log: FastifyBaseLogger) {
      state.opened = { headers: Object.entries(headers).flat(), log };
    },
    /** The next GETs of `url` may be answered here from `route` (called by a route that served it). */
    remember(url: string, route: FrontRoute) {
      state.routes.delete(url);
      state.routes.set(url, route);
      if (state.routes.size > MAX_ROUTES) state.routes.delete(state.routes.keys().next().value!);
    },
    /** Answers sent here (for tests and diagnostics). */
    get hits() {
      return state.hits;
    },
  };
}

/** The client's address: with trustProxy, as Fastify's trustProxy: true does, the furthest one the proxies recorded. */
function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}

/**
 * Requests per client address in the current minute, for what is served here (decision 018): the returned
 * function counts a request and says false when the client's allowance is used up.
 */
function requestAllowance(max: number): (ip: string, now: number) => boolean {
  let window = new Map<string, number>();
  let windowEnds = 0;
  return (ip, now) => {
    if (now >= windowEnds) {
      window = new Map();
      windowEnds = now + WINDOW_MS;
    }
    const used = (window.get(ip) ?? 0) + 1;
    if (used > max) return false;
    window.set(ip, used);
    return true;
  };
}

/** The route this request may be answered from, or null for Fastify. */
function match(state: DoorState, req: http.IncomingMessage): FrontRoute | null {
  if (!state.opened || req.method !== 'GET' || req.url === undefined) return null;
  const route = state.routes.get(req.url);
  if (!route) return null;
  if (req.headers.origin !== undefined) return null;
  if (route.anonymousOnly && req.headers.authorization !== undefined) return null;
  return route;
}

/** Sends the entry when it is current and the client within its allowance; false leaves it to Fastify. */
function answer(
  state: DoorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: FrontRoute,
  at: Stamp,
): boolean {
  const started = performance.now();
  const entry = route.cache.peek(route.key, at);
  const { opened } = state;
  if (!entry || !opened) return false;
  const ip = clientIp(req, state.trustProxy);
  if (!state.allowed(ip, Date.now())) return false;

  const id = requestId(req);
  const headers = opened.headers.slice();
  headers.push('x-request-id', id, 'etag', entry.etag, 'cache-control', 'no-cache', 'vary', route.vary);
  const status = sendEntry(req, res, route, entry, headers);
  state.hits++;
  const seconds = (performance.now() - started) / 1000;
  metrics.request('GET', route.label, status, seconds);
  if (VERBOSE.has(opened.log.level)) logAnswer(opened.log, id, req, ip, status, seconds);
  route.served?.(entry, { ip, userAgent: req.headers['user-agent'] ?? '' });
  return true;
}

/** Writes the entry (or a 304 when the client has it) with `headers`; returns the status sent. */
function sendEntry(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: FrontRoute,
  entry: CachedResponse,
  headers: string[],
): 200 | 304 {
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  const { body, encoding } = route.cache.bytesFor(route.key, entry, req.headers['accept-encoding']);
  if (encoding) headers.push('content-encoding', encoding);
  headers.push('content-type', 'application/json; charset=utf-8', 'content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(body);
  return 200;
}

/** The two lines Fastify's access log would have written for this request. */
function logAnswer(
  log: FastifyBaseLogger,
  id: string,
  req: http.IncomingMessage,
  ip: string,
  status: number,
  seconds: number,
) {
  log.info({ reqId: id, req: { method: 'GET', url: req.url, remoteAddress: ip } }, 'incoming request');
  log.info({ reqId: id, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
}

/** Fastify's server factory: an HTTP server that answers what it can here and hands the rest to Fastify. */
function frontDoorServerFactory(state: DoorState): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const fallBack = (req: http.IncomingMessage, res: http.ServerResponse, err: unknown) => {
      // Fastify answers instead, and reports what it meets (a database that is down is a 503).
      state.opened?.log.warn({ err, url: req.url }, 'front door fell back to the app');
      if (!res.headersSent) handler(req, res);
    };
    /** Answers from `route` when the entry is current at `at`, else hands the request to Fastify. */
    const serve = (req: http.IncomingMessage, res: http.ServerResponse, route: FrontRoute, at: Stamp) => {
      let done: boolean;
      try {
        done = answer(state, req, res, route, at);
      } catch (err) {
        return fallBack(req, res, err);
      }
      if (!done) handler(req, res);
    };
    const server = http.createServer((req, res) => {
      const route = match(state, req);
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
    applyTimeouts(server, fastifyOptions as ServerTimeouts);
    return server;
  };
}

/**
 * What Fastify sets on a server it creates itself, and not on one a factory gives it. Without it Node's 5 s
 * keep-alive applies: a client (or a load balancer) reusing a connection idle for about that long races the
 * server closing it, and the request fails with a reset.
 */
function applyTimeouts(server: http.Server, given: ServerTimeouts) {
  if (given.keepAliveTimeout !== undefined) server.keepAliveTimeout = given.keepAliveTimeout;
  if (given.requestTimeout !== undefined) server.requestTimeout = given.requestTimeout;
  if (given.connectionTimeout !== undefined) server.setTimeout(given.connectionTimeout);
  if (given.maxRequestsPerSocket) server.maxRequestsPerSocket = given.maxRequestsPerSocket;
}

export type FrontDoor = ReturnType<typeof createFrontDoor>;

declare module 'fastify' {
  interface FastifyInstance {
    frontDoor: FrontDoor;
  }
}
