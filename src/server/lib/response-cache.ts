import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { jsonWriter } from './json-serializer';

/*
 * Serialized answers of public, not-user-specific reads, kept by key and data version (decision
 * 010). An entry is served only while the version it was built under is still the current one, so
 * a write is never followed by a stale answer; the version is read from the database on every
 * request (migration 0012's triggers move it), which is what makes it right across app instances.
 * The marketplace's catalogue (modules/marketplace/catalogue/) reads that version and says which
 * write moves what.
 */

/**
 * What a cached answer was built from, and what a request asks it to be current at: the catalogue's
 * `content` version, the search feed's number (a like or a view notes its prompt there rather than
 * moving `content`, migration 0017), and anything else the answer depends on that the caller keys
 * it by (a list's order, which moves with its sort's version).
 */
export interface Stamp {
  content: number;
  search: number;
  order?: string;
}

/** Which prompts the feed noted since a number (the marketplace's catalogue/feed.ts follows it). */
export interface FeedNotes {
  notedSince(ids: readonly string[], since: number, upTo: number): boolean;
}

export interface CachedResponse {
  /** The `content` version it was built under. */
  version: number;
  /** The feed number it is known to be exact at (it moves on when the feed noted none of `shows`). */
  search: number;
  order: string;
  /**
   * The prompts whose likes and views it shows: it stays current while the feed notes none of
   * them. Null: it may show any prompt's, and is built again whenever the feed moves.
   */
  shows: readonly string[] | null;
  body: Buffer;
  etag: string;
  /** Whatever the producer wants to keep next to the bytes (e.g. the prompt id a page counts views of). */
  meta: unknown;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** Date.now() when it was built. */
  at: number;
}

/** A producer's answer as pieces to compare or join: a string, one Buffer, or Buffers in order. */
const toParts = (body: string | Buffer | readonly Buffer[]): readonly Buffer[] =>
  typeof body === 'string' ? [Buffer.from(body)] : Buffer.isBuffer(body) ? [body] : body;

/** Whether `parts`, one after another, are exactly `body`'s bytes (without joining them). */
export function sameBytes(body: Buffer, parts: readonly Buffer[]): boolean {
  let at = 0;
  for (const part of parts) {
    if (at + part.length > body.length || body.compare(part, 0, part.length, at, at + part.length) !== 0) {
      return false;
    }
    at += part.length;
  }
  return at === body.length;
}

/** A 1 KB answer is not worth compressing (the compression plugin's threshold too). */
const COMPRESS_THRESHOLD = 1024;

type Produce = (counted?: CachedResponse) => Promise<{
  body: string | Buffer | readonly Buffer[];
  meta?: unknown;
  shows?: readonly string[];
}>;

export function createResponseCache(
  options: { maxEntries?: number; maxBytes?: number; maxAgeMs?: number; feed?: FeedNotes } = {},
) {
  const { feed } = options;
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const entries = createEntryStore(options.maxEntries ?? 2000, options.maxBytes ?? 64 * 1024 * 1024);
  const building = new Map<string, Promise<CachedResponse>>();
  const current = (e: CachedResponse, at: Stamp) => isCurrent(e, at, maxAgeMs, feed);

  /** Builds the entry for `key` at `at` once: concurrent requests for the same key and stamp share it. */
  async function buildOnce(key: string, at: Stamp, hit: CachedResponse | undefined, produce: Produce) {
    const order = at.order ?? '';
    const flightKey = `${at.content}\u0000${at.search}\u0000${order}\u0000${key}`;
    const pending = building.get(flightKey);
    if (pending) return pending;
    const counted =
      hit && hit.version === at.content && hit.order === order && Date.now() - hit.at < maxAgeMs
        ? hit
        : undefined;
    const build = (async () => {
      const { body, meta, shows = null } = await produce(counted);
      const stamp = { version: at.content, search: at.search, order, shows, meta, at: Date.now() };
      const entry = entryFrom(hit, stamp, toParts(body));
      // A build from newer data may have landed meanwhile; never replace it with an older one.
      const kept = entries.get(key);
      if (!kept || !newer(kept, entry)) entries.store(key, entry);
      return entry;
    })();
    building.set(flightKey, build);
    try {
      return await build;
    } finally {
      building.delete(flightKey);
    }
  }

  return {
    /**
     * The answer for `key` at `at`: from memory when the entry is exact at it (see `isCurrent`), else
     * built once by `produce` (concurrent requests for the same key and stamp share the build).
     * `produce` names the prompts whose likes and views the answer shows (`shows`; none named: it
     * may show any). An answer built again that is byte for byte the older entry's keeps that
     * entry's bytes, ETag and compressed forms; given in pieces, it is compared before they are
     * joined. A write the answer does not show then costs no new buffer, hashing or compressing.
     *
     * `produce` is given the entry it replaces when only the feed moved since that was built (the
     * same `content` version and order, within its age): then the likes and views of the prompts
     * it shows are all that can differ (migration 0017), and its `meta` may spare the producer
     * reading the rest again.
     */
    async get(key: string, at: Stamp, produce: Produce): Promise<CachedResponse> {
      const hit = entries.get(key);
      if (hit && current(hit, at)) {
        entries.touch(key, hit);
        return hit;
      }
      return buildOnce(key, at, hit, produce);
    },

    /** The entry for `key` when it is exact at `at`, without building one. */
    peek(key: string, at: Stamp): CachedResponse | undefined {
      const hit = entries.get(key);
      return hit && current(hit, at) ? hit : undefined;
    },

    /**
     * The bytes to send for an Accept-Encoding header: compressed (once, then kept with the entry)
     * when the client accepts br or gzip and the entry is worth it, else the entry's own.
     */
    bytesFor(
      key: string,
      entry: CachedResponse,
      acceptEncoding: string | string[] | undefined,
    ): { body: Buffer; encoding: 'br' | 'gzip' | null } {
      const encoding = entry.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : null;
      if (!encoding) return { body: entry.body, encoding };
      let out = entry.encoded[encoding];
      if (!out) {
        out = compress(entry.body, encoding);
        entry.encoded[encoding] = out;
        entries.grew(key, entry, out.length);
      }
      return { body: out, encoding };
    },

    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

/** Entries by key within a count and a byte budget; the least recently used go first. */
function createEntryStore(maxEntries: number, maxBytes: number) {
  // A Map keeps insertion order: re-inserting on a hit makes it least-recently-used first.
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= entrySize(e);
  };
  return {
    get: (key: string) => entries.get(key),
    /** Marks a hit as the most recently used. */
    touch(key: string, e: CachedResponse) {
      entries.delete(key);
      entries.set(key, e);
    },
    store(key: string, e: CachedResponse) {
      drop(key);
      entries.set(key, e);
      bytes += entrySize(e);
      while (entries.size > maxEntries || bytes > maxBytes) drop(entries.keys().next().value!);
    },
    /** Counts a compressed form added to `entry` when it is still the one stored under `key`. */
    grew(key: string, entry: CachedResponse, by: number) {
      if (entries.get(key) === entry) bytes += by;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

const entrySize = (e: CachedResponse) =>
  e.body.length + (e.encoded.br?.length ?? 0) + (e.encoded.gzip?.length ?? 0);

/**
 * Whether `e` is exact at `at`: built under the same content version and order, and either at the
 * same feed number or later, or earlier with none of the prompts it shows noted since (it then
 * moves on to `at`'s number, so the next check is one comparison).
 */
function isCurrent(e: CachedResponse, at: Stamp, maxAgeMs: number, feed: FeedNotes | undefined): boolean {
  if (e.version !== at.content || e.order !== (at.order ?? '') || Date.now() - e.at >= maxAgeMs) {
    return false;
  }
  if (e.search >= at.search) return true;
  if (e.shows === null || !feed || feed.notedSince(e.shows, e.search, at.search)) return false;
  e.search = at.search;
  return true;
}

/** Whether `a` was built from newer data than `b` (a later content version, or feed number). */
const newer = (a: CachedResponse, b: CachedResponse) =>
  a.version > b.version || (a.version === b.version && a.search > b.search);

/**
 * The entry for a producer's answer: when it is byte for byte the older entry's, that entry's bytes, ETag
 * and compressed forms under the new stamp; else new bytes and their ETag.
 */
function entryFrom(
  hit: CachedResponse | undefined,
  stamp: Omit<CachedResponse, 'body' | 'etag' | 'encoded'>,
  parts: readonly Buffer[],
): CachedResponse {
  if (hit && sameBytes(hit.body, parts)) {
    // Its own copy of the compressed forms: the older entry may still gain one (bytesFor).
    return { ...hit, ...stamp, encoded: { ...hit.encoded } };
  }
  const buffer = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return {
    ...stamp,
    body: buffer,
    etag: `"${crypto.createHash('sha1').update(buffer).digest('base64url')}"`,
    encoded: {},
  };
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body);
}

/** The bytes the route's zod response schema would write for `payload` (same encode, same JSON). */
export function serializeWith(schema: z.ZodType, payload: unknown): string {
  return jsonWriter(schema)(payload);
}

/** The encoding to send for an Accept-Encoding header: br or gzip by the client's weights, or none. */
function preferredEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof accept !== 'string' || !accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name!.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2): a W/ prefix, e.g. from a proxy that compressed it, still matches.
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a cached answer: 304 when the client holds it (If-None-Match), else its bytes, compressed
 * ahead when the client accepts it. `no-cache` makes browsers revalidate every time, so a write is
 * seen at once; `vary` lists what the answer depends on besides the URL.
 */
export function sendCached(
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  request: FastifyRequest,
  reply: FastifyReply,
  vary = 'accept-encoding',
) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', vary);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const { body, encoding } = cache.bytesFor(key, entry, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
