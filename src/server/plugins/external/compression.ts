import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * gzip/brotli for JSON and text (HTML, CSS, JavaScript, SVG) answers above 1 KB, when the client
 * accepts it. Server-sent events are never compressed: a compressor holds tokens back until its
 * buffer fills, which would undo the playground's streaming.
 *
 * What comes through here is compressed on every request: answers built per request (a search, a
 * signed-in user's sessions and lists, a creator's studio). Answers that are kept (cached public
 * reads, the app's files) are compressed once where they are kept, harder (response-cache.ts,
 * spa.ts). So the levels here are the fastest: brotli quality 1 and gzip level 1 (decision 035). On
 * a page of 50 search results (37 KB) they take 80 and 150 µs against 340 (quality 4) and 360
 * (gzip's default, 6), for 10-13% more bytes: a browser's search cost the server three times what
 * the search itself did.
 */
export const COMPRESSIBLE = (contentType: string) =>
  !/^text\/event-stream/i.test(contentType) &&
  /^text\/|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/(?:x-)?javascript(?:;|$)/i.test(contentType);

async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
