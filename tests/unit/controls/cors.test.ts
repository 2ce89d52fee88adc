import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/server/config';
import { type TestApp, createTestApp, testConfig } from '../../support/test-app';

/* CORS: only the origins in CORS_ORIGINS get CORS headers; with none configured, nobody does. */

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

let open: TestApp;
let closed: TestApp;
beforeAll(async () => {
  open = await createTestApp({ env: { CORS_ORIGINS: `${ALLOWED}, https://admin.example.com` } });
  closed = await createTestApp();
});
afterAll(async () => {
  await open.close();
  await closed.close();
});

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.toLowerCase().startsWith('access-control-'));

const preflight = (t: TestApp, origin: string, method = 'POST') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/auth/login',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('CORS with configured origins', () => {
  it('gives an allowed origin the headers on a simple request', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/api/site/config',
      headers: { origin: ALLOWED },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it("answers an allowed origin's preflight", async () => {
    const res = await preflight(open, ALLOWED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('allows each listed origin, and only exactly that origin', async () => {
    const second = await open.app.inject({
      method: 'GET',
      url: '/api/site/config',
      headers: { origin: 'https://admin.example.com' },
    });
    expect(second.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    for (const origin of [
      OTHER,
      'http://app.example.com',
      'https://app.example.com:8443',
      'https://app.example.com.evil.example.net',
      'null',
    ]) {
      const res = await open.app.inject({ method: 'GET', url: '/api/site/config', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(corsHeaders(res.headers)).toEqual([]);
    }
  });

  it("refuses another origin's preflight without any CORS header", async () => {
    const res = await preflight(open, OTHER, 'DELETE');
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('sends no CORS headers to a request without an Origin', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(corsHeaders(res.headers)).toEqual([]);
  });
});

describe('CORS without configured origins (the default)', () => {
  it('sends no CORS headers, to any origin, and answers no preflight', async () => {
    const res = await closed.app.inject({
      method: 'GET',
      url: '/api/site/config',
      headers: { origin: ALLOWED },
    });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
    const pre = await preflight(closed, ALLOWED);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual([]);
  });
});

describe('CORS_ORIGINS', () => {
  it('takes a comma-separated list of origins', () => {
    expect(
      testConfig({ CORS_ORIGINS: ' https://a.example.com ,http://localhost:5173,' }).corsOrigins,
    ).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(testConfig().corsOrigins).toEqual([]);
  });

  it.each([
    '*',
    'https://a.example.com/',
    'https://a.example.com/app',
    'a.example.com',
    'ftp://a.example.com',
  ])('refuses %s, which is not an origin', (value) => {
    expect(() => testConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
    try {
      testConfig({ CORS_ORIGINS: value });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'CORS_ORIGINS.0: must list origins such as https://app.example.com',
      ]);
    }
  });
});
