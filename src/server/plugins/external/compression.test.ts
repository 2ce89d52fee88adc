import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { COMPRESSIBLE } from './compression';
import { apiHelpers } from '../../../../tests/support/api';

describe('compression', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  const bundle = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      `<!doctype html><html><head><title>Promptforge</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), bundle);
    fs.writeFileSync(path.join(root, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webRoot: root, env: { DEMO_MODEL_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(true);
  });

  it('compresses the app page and JavaScript bundles, keeping their cache headers', async () => {
    const page = await get('/marketplace', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    const js = await get('/assets/app-abc123.js', 'br');
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(js.rawPayload).toString()).toBe(bundle);
  });

  it('never compresses a server-sent event stream', async () => {
    const { token } = await apiHelpers(() => t).signUp('Stream Reader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playground/chat',
      payload: { message: 'Write a long answer about databases', model: 'claude' },
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, br',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('event: token');
    expect(res.body.length).toBeGreaterThan(1024);
  });

  it('knows which types are worth compressing', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript; charset=utf-8',
      'application/javascript',
      'image/svg+xml',
    ]) {
      expect(COMPRESSIBLE(type), type).toBe(true);
    }
    for (const type of ['text/event-stream; charset=utf-8', 'image/png', 'font/woff2', 'application/pdf']) {
      expect(COMPRESSIBLE(type), type).toBe(false);
    }
  });
});
