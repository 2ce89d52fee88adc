import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerFetch } from './provider-fetch';
import { createModelRegistry } from './providers';

/*
 * The providers' fetch against a real HTTP server on loopback: what an adapter reading a streamed
 * reply notices (status, headers, chunks as they come, the failures' shapes), the same as with
 * Node's own fetch where the two can be compared.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let handler: Handler;
let server: http.Server;
let base: string;
const closed: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
    res.on('close', () => closed.push(req.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  closed.length = 0;
});

/** Resolves when `check` holds, polling; fails the test after a second. */
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

const decoder = new TextDecoder();
const text = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
  const { value, done } = await reader.read();
  return done ? null : decoder.decode(value);
};

describe('providerFetch', () => {
  it('sends the method, headers and JSON body, and answers status, headers and body as fetch does', async () => {
    const seen: { method?: string; type?: string; length?: string; key?: string; body?: string } = {};
    handler = (req, res, body) => {
      Object.assign(seen, {
        method: req.method,
        type: req.headers['content-type'],
        length: req.headers['content-length'],
        key: req.headers['x-api-key'],
        body,
      });
      res.writeHead(429, 'Too Many Requests', [
        'content-type',
        'application/json',
        'set-cookie',
        'a=1',
        'set-cookie',
        'b=2',
      ]);
      res.end(JSON.stringify({ error: { type: 'rate_limit_error', message: 'Slow down — 5 per minute' } }));
    };
    const payload = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Grüße' }] });
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-key': 'sk-test' },
      body: payload,
    };
    const ours = await providerFetch(`${base}/v1/messages`, init);
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/json',
      length: String(Buffer.byteLength(payload)),
      key: 'sk-test',
      body: payload,
    });
    const theirs = await fetch(`${base}/v1/messages`, init);
    for (const response of [ours, theirs]) {
      expect(response.status).toBe(429);
      expect(response.ok).toBe(false);
      expect(response.statusText).toBe('Too Many Requests');
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    }
    expect(await ours.json()).toEqual(await theirs.json());
  });

  it('hands each chunk on as it arrives, before the server has sent the next', async () => {
    let sendNext: () => void = () => {};
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: one\n\n');
      sendNext = () => {
        res.write('event: two\n\n');
        sendNext = () => res.end('event: three\n\n');
      };
    };
    const response = await providerFetch(`${base}/stream`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    expect(await text(reader)).toBe('event: one\n\n');
    sendNext();
    expect(await text(reader)).toBe('event: two\n\n');
    sendNext();
    expect(await text(reader)).toBe('event: three\n\n');
    expect(await text(reader)).toBeNull();
  });

  it('keeps the connection open for the next request', async () => {
    const sockets = new Set<Socket>();
    handler = (req, res) => {
      sockets.add(req.socket);
      res.end('ok');
    };
    for (let i = 0; i < 3; i++) {
      const response = await providerFetch(`${base}/again`, { method: 'POST', body: '{}' });
      expect(await response.text()).toBe('ok');
    }
    expect(sockets.size).toBe(1);
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('undoes a %s content encoding, as fetch does', async (encoding, compress) => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(compress(JSON.stringify({ ok: true, text: 'compressed' })));
    };
    for (const f of [providerFetch, fetch]) {
      const response = await f(`${base}/${encoding}`, { method: 'POST', body: '{}' });
      expect(await response.json()).toEqual({ ok: true, text: 'compressed' });
    }
  });

  it('gives a status without content a null body', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const response = await providerFetch(`${base}/empty`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects with fetch’s TypeError and the cause when the provider cannot be reached', async () => {
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(spare.address() as AddressInfo).port}/v1/messages`;
    await new Promise((resolve) => spare.close(resolve));
    const failures = await Promise.all(
      [providerFetch, fetch].map((f) => f(url, { method: 'POST', body: '{}' }).catch((e: unknown) => e)),
    );
    for (const error of failures) {
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe('fetch failed');
      expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    }
  });

  it('rejects with the signal’s reason and closes the request when aborted before the answer', async () => {
    handler = () => {}; // never answers
    const controller = new AbortController();
    const pending = providerFetch(`${base}/hang`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reason = new Error('provider timed out');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await until(() => closed.includes('/hang'));
  });

  it('errors the body with the signal’s reason when aborted mid-stream, and closes the connection', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: first\n\n');
    };
    const controller = new AbortController();
    const response = await providerFetch(`${base}/abort-mid`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(await text(reader)).toBe('event: first\n\n');
    const reason = new Error('client closed the request');
    controller.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
    await until(() => closed.includes('/abort-mid'));
  });

  it('errors the body with TypeError("terminated") when the connection drops mid-stream', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: first\n\n', () => setTimeout(() => req.socket.destroy(), 20));
    };
    const response = await providerFetch(`${base}/cut`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    expect(await text(reader)).toBe('event: first\n\n');
    const error = await reader.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('terminated');
  });

  it('closes the connection when the body is cancelled', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: first\n\n');
    };
    const response = await providerFetch(`${base}/cancel`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    expect(await text(reader)).toBe('event: first\n\n');
    await reader.cancel();
    await until(() => closed.includes('/cancel'));
  });

  it('leaves what it does not handle to fetch: a Request object, another method', async () => {
    handler = (req, res, body) => res.end(`${req.method} ${body}`);
    const viaRequest = await providerFetch(new Request(`${base}/r`, { method: 'POST', body: 'one' }));
    expect(await viaRequest.text()).toBe('POST one');
    const put = await providerFetch(`${base}/r`, { method: 'PUT', body: 'two' });
    expect(await put.text()).toBe('PUT two');
  });

  it('is what every live model sends its chat turn through, not the global fetch', async () => {
    // A model that sent an option the fast path does not know would fall back silently.
    const seen: string[] = [];
    handler = (req, res) => {
      seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'no reply in this test' } }));
    };
    const live = (model: string) => ({ apiKey: 'test-key', baseUrl: `${base}/${model}`, model });
    const registry = createModelRegistry({
      anthropic: live('claude'),
      openai: live('gpt'),
      perplexity: live('sonar'),
      timeoutMs: 5_000,
      maxOutputTokens: 100,
      demoDelayMs: 0,
    });
    const globalFetch = vi.spyOn(globalThis, 'fetch');
    try {
      for (const choice of Object.values(registry)) {
        expect(choice.live).toBe(true);
        await expect(
          choice.model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }),
        ).rejects.toMatchObject({ statusCode: 500 });
      }
      expect(globalFetch).not.toHaveBeenCalled();
    } finally {
      globalFetch.mockRestore();
    }
    expect(seen).toEqual([
      'POST /claude/messages',
      'POST /gpt/chat/completions',
      'POST /sonar/chat/completions',
    ]);
  });

  describe('over TLS', () => {
    // A certificate of our own for 127.0.0.1, made for the run (Debian's openssl).
    let dir: string;
    let tls: https.Server;
    let url: string;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provider-fetch-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      tls = https.createServer(
        {
          key: fs.readFileSync(path.join(dir, 'key.pem')),
          cert: fs.readFileSync(path.join(dir, 'cert.pem')),
        },
        (req, res) => {
          req.resume();
          req.on('end', () => {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.end(`event: ${req.method ?? ''}\n\n`);
          });
        },
      );
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/v1/messages`;
    });
    afterAll(async () => {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('refuses a certificate no authority signed, with the cause fetch gives', async () => {
      const failures = await Promise.all(
        [providerFetch, fetch].map((f) => f(url, { method: 'POST', body: '{}' }).catch((e: unknown) => e)),
      );
      for (const error of failures) {
        expect(error).toBeInstanceOf(TypeError);
        expect((error as TypeError).message).toBe('fetch failed');
        expect(((error as TypeError).cause as NodeJS.ErrnoException).code).toBe(
          'DEPTH_ZERO_SELF_SIGNED_CERT',
        );
      }
    });

    it('streams from a server whose certificate the process trusts', async () => {
      // Node reads extra authorities only at start: a process of its own trusts the test's certificate.
      const script = path.join(dir, 'fetch.mts');
      fs.writeFileSync(
        script,
        `import { providerFetch } from ${JSON.stringify(fileURLToPath(new URL('provider-fetch.ts', import.meta.url)))};
const response = await providerFetch(${JSON.stringify(url)}, { method: 'POST', body: '{}' });
process.stdout.write(response.status + ' ' + (await response.text()));`,
      );
      // Not execFileSync: the server answering it runs on this process's event loop.
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
        env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') },
        encoding: 'utf8',
      });
      expect(stdout).toBe('200 event: POST\n\n');
    });
  });
});
