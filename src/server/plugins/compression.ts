import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * gzip/brotli for JSON and text (HTML, CSS, JavaScript, SVG) answers above 1 KB, when the client
 * accepts it. Server-sent events are never compressed: a compressor holds tokens back until its
 * buffer fills, which would undo the playground's streaming. Brotli runs at quality 4: close to gzip
 * in CPU per request, already smaller; the default quality (11) costs tens of milliseconds on a
 * bundle and would sit on the hot path of every page load.
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
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
