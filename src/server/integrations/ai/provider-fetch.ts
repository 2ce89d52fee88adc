import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/*
 * The fetch the providers' models call the providers with (decisions 025 and 037): Node's own HTTP
 * client under the Fetch API's contract, for the one request a chat turn makes, a JSON POST whose
 * answer streams. Node's built-in fetch (undici's) spends about half a millisecond of JavaScript
 * before its request reaches the socket and a chain of streams and promises on every chunk after;
 * this writes the request at once and hands the socket's chunks to the model's stream as they come.
 *
 * Anything else (another method, a body that is not text or bytes, a Request object, a redirect
 * mode) goes to the global fetch, so a request this does not cover still works. Failures keep
 * fetch's shape: a request that cannot be made rejects with
 * TypeError('fetch failed') and the cause, an aborted one with the signal's reason, and a body cut
 * off mid-stream errors with TypeError('terminated').
 */

const agents = {
  // Idle connections are closed after 4 s (as undici's are), or sooner when the server's
  // Keep-Alive header asks, so a reused socket is not one the provider is about to close.
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

/** Bodies with no content (fetch refuses to give them a stream). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

type FetchArgs = Parameters<typeof fetch>;

export function providerFetch(input: FetchArgs[0], init: FetchArgs[1] = {}): Promise<Response> {
  const { method = 'GET', body, signal, headers, redirect, ...rest } = init;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  const simple =
    url !== null &&
    (method === 'POST' || method === 'GET') &&
    (body == null || typeof body === 'string' || body instanceof Uint8Array) &&
    (headers === undefined || isRecord(headers)) &&
    (redirect === undefined || redirect === 'manual') &&
    Object.keys(rest).length === 0;
  if (!simple) return fetch(input, init);
  if (signal?.aborted) return Promise.reject(signal.reason as Error);

  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!client) {
      reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${target.protocol}`) }));
      return;
    }
    const outgoing: Record<string, string | number> = { ...(headers as Record<string, string> | undefined) };
    if (body != null) outgoing['content-length'] = Buffer.byteLength(body);
    let response: http.IncomingMessage | null = null;
    let stream: Readable | null = null;
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let settled = false;

    const fail = (error: unknown) => {
      if (!settled) {
        settled = true;
        reject(error as Error);
      } else if (controller) {
        try {
          controller.error(error);
        } catch {
          // The body was already closed or cancelled.
        }
        controller = null;
      }
    };
    const onAbort = () => {
      fail(signal!.reason);
      request.destroy();
      response?.destroy();
    };
    const done = () => signal?.removeEventListener('abort', onAbort);

    const request = client.request(target, {
      method,
      headers: outgoing,
      agent: agents[target.protocol as keyof typeof agents],
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      done();
      fail(
        settled
          ? new TypeError('terminated', { cause: error })
          : new TypeError('fetch failed', { cause: error }),
      );
    });
    request.on('response', (res) => {
      response = res;
      // A stream may stay quiet for long (a model thinking); only idle pooled sockets time out.
      res.socket.setTimeout(0);
      const status = res.statusCode ?? 0;
      const responseHeaders = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      }
      if (NULL_BODY_STATUS.has(status)) {
        res.resume();
        res.on('end', done);
        settled = true;
        resolve(new Response(null, { status, statusText: res.statusMessage, headers: responseHeaders }));
        return;
      }
      stream = decoded(res);
      const source = stream;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          source.on('data', (chunk: Buffer) => {
            if (!controller) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 1) <= 0) source.pause();
          });
          source.on('end', () => {
            done();
            controller?.close();
            controller = null;
          });
          source.on('error', (error) => {
            done();
            fail(new TypeError('terminated', { cause: error }));
          });
          // A connection closed before the body ended (no 'end'): the body is cut off.
          res.on('close', () => {
            if (!res.complete) {
              done();
              fail(new TypeError('terminated', { cause: new Error('the connection closed mid-body') }));
            }
          });
        },
        pull() {
          source.resume();
        },
        cancel() {
          done();
          controller = null;
          res.destroy();
        },
      });
      settled = true;
      resolve(new Response(body, { status, statusText: res.statusMessage, headers: responseHeaders }));
    });
    request.end(body ?? undefined);
  });
}

const isRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The body as the server meant it: fetch undoes a content encoding, so this does too. */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return res;
  res.on('error', (error) => decoder.destroy(error));
  return res.pipe(decoder);
}
