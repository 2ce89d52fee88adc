import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { pickEncoding } from './spa';

describe('serving the web app', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ webRoot: root });
  });
  afterAll(() => t.close());

  it('answers a known page with the app (history fallback)', async () => {
    for (const url of ['/', '/features', '/pricing?billing=annual', '/marketplace']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an unknown page with the app and status 404, logging the path', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      webRoot: root,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    const res = await logged.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
    await logged.close();
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'page not found');
    expect(entry).toMatchObject({ path: '/no/such/page', level: 40 });
    expect(entry?.requestId).toBeTruthy();
  });

  it('caches hashed assets for a year and serves other files uncached', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends a script only the security headers a subresource heeds, and a page or an SVG all of them', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    for (const url of ['/', '/marketplace', '/favicon.svg', '/assets/app-abc123.js.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('tags index.html and every page with an ETag and answers a matching If-None-Match with 304', async () => {
    for (const url of ['/', '/marketplace', '/index.html']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers['cache-control'], url).toBe('no-cache');
    }
    // Every page is the same document, so one tag revalidates them all.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const pricing = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(pricing.headers.etag).toBe(home.headers.etag);
  });

  it('sends the new index.html after a rebuild, not a 304 for the old tag', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><!-- v1 -->');
    const app = await createTestApp({ webRoot: dir });
    const v1 = await app.app.inject({ method: 'GET', url: '/marketplace' });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><!-- build 2 -->');
    const v2 = await app.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { 'if-none-match': v1.headers.etag as string },
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.body).toContain('build 2');
    expect(v2.headers.etag).not.toBe(v1.headers.etag);
    await app.close();
  });

  it('keeps an unknown page a 404 even when its tag matches', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'if-none-match': home.headers.etag as string },
    });
    expect(res.statusCode).toBe(404);
  });

  it('revalidates a hashed asset too, and keeps it immutable', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'if-none-match': asset.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with a plain 404, and serves files added after start', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
    expect(missing.body).not.toContain('<div id="root">');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(404);
    fs.writeFileSync(path.join(root, 'assets', 'app-new123.js'), 'console.log(2)');
    const fresh = await t.app.inject({ method: 'GET', url: '/assets/app-new123.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');
  });

  it("names the page's own chunks in a modulepreload Link header, not the entry's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-2.js' },
      '_card.js': { file: 'assets/card-3.js', imports: ['_react.js'] },
      'features/marketplace/pages/prompt-page.tsx': {
        file: 'assets/prompt-page-4.js',
        imports: ['_react.js', '_card.js'],
      },
    };
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const app = await createTestApp({ webRoot: dir });
    const page = await app.app.inject({ method: 'GET', url: '/marketplace/some-prompt?ref=home' });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toBe(
      '</assets/prompt-page-4.js>; rel=modulepreload, </assets/card-3.js>; rel=modulepreload',
    );
    // A page whose module is not in this build, and a path with no page, get no hint.
    expect((await app.app.inject({ method: 'GET', url: '/marketplace' })).headers.link).toBeUndefined();
    expect((await app.app.inject({ method: 'GET', url: '/no/such/page' })).headers.link).toBeUndefined();
    // A rebuild is picked up without a restart.
    manifest['features/marketplace/pages/prompt-page.tsx'].file = 'assets/prompt-page-5.js';
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, '.vite', 'manifest.json'), later, later);
    const rebuilt = await app.app.inject({ method: 'GET', url: '/marketplace/some-prompt' });
    expect(rebuilt.headers.link).toContain('</assets/prompt-page-5.js>; rel=modulepreload');
    await app.close();
  });

  it('never answers an API path with the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/features' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND_ERROR');
  });

  it('limits API calls per address but never pages, assets or the probes', async () => {
    const limited = await createTestApp({ webRoot: root, env: { RATE_LIMIT_MAX: '3' } });
    const call = () =>
      limited.app.inject({ method: 'GET', url: '/api/site/config', remoteAddress: '10.1.1.1' });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', status: 429 });
    for (let i = 0; i < 5; i++) {
      const page = await limited.app.inject({ method: 'GET', url: '/features', remoteAddress: '10.1.1.1' });
      expect(page.statusCode).toBe(200);
      const asset = await limited.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        remoteAddress: '10.1.1.1',
      });
      expect(asset.statusCode).toBe(200);
      for (const probe of ['/api/health', '/api/ready']) {
        const res = await limited.app.inject({ method: 'GET', url: probe, remoteAddress: '10.1.1.1' });
        expect(res.statusCode).toBe(200);
      }
    }
    await limited.close();
  });

  it('serves the OpenAPI description built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('Promptforge API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/contact', '/api/marketplace/prompts']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sends the compressed copies the build wrote beside a file, as the client accepts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    const code = `export const x = ${JSON.stringify('x'.repeat(4000))};\n`;
    const file = path.join(dir, 'assets', 'big-abc123.js');
    fs.writeFileSync(file, code);
    // Recognisable copies: the server must send these bytes, not compress the file itself.
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from(`${code}// from .br\n`)));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from(`${code}// from .gz\n`)));
    const app = await createTestApp({ webRoot: dir });
    const get = (encoding?: string) =>
      app.app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('// from .br');
    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('// from .gz');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    const head = await app.app.inject({ method: 'HEAD', url: '/assets/big-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    await app.close();
  });

  it('never serves a file outside the build folder, nor a dotfile', async () => {
    fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/.env',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('chooses brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});
