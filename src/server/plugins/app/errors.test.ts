import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { AppError } from '../../lib/errors';

describe('the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API route with NOT_FOUND_ERROR and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      message: 'The requested resource was not found.',
      code: 'NOT_FOUND_ERROR',
      status: 404,
      requestId: res.headers['x-request-id'],
    });
  });

  it('turns schema failures into VALIDATION_ERROR with per-field details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Full name is required');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Full name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        expect.objectContaining({ field: 'message' }),
      ]),
    );
  });

  it('answers malformed JSON with a clear VALIDATION_ERROR, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('masks a crash: no stack, no internal message, only the default 500 text', async () => {
    const { app } = await createTestApp({
      extend: (a) => {
        a.get('/api/__crash', async () => {
          throw new Error('secret connection string postgres://user:pw@db');
        });
        a.get('/api/__typed', async () => {
          throw new AppError('PAYMENT_ERROR', 'Payment verification failed', { internal: 'hmac mismatch' });
        });
      },
    });
    const crash = await app.inject({ method: 'GET', url: '/api/__crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      success: false,
      message: 'Internal server error. Please try again later.',
      code: 'SERVER_ERROR',
      status: 500,
      requestId: crash.headers['x-request-id'],
    });
    expect(crash.body).not.toContain('secret');
    const typed = await app.inject({ method: 'GET', url: '/api/__typed' });
    expect(typed.statusCode).toBe(402);
    expect(typed.json()).toMatchObject({ code: 'PAYMENT_ERROR', message: 'Payment verification failed' });
    expect(typed.body).not.toContain('hmac');
    await app.close();
  });

  it('sets security headers: the whole set on pages, what a JSON answer uses on the API', async () => {
    // The API's browsable docs are pages too.
    for (const url of ['/marketplace', '/api/docs']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    // Decision 029: an API answer opened in a tab loads and runs nothing, and cannot be framed.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-xss-protection',
    ]) {
      expect(api.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // Plain HTTP (the test's public URL): browsers ignore HSTS there, so none is sent.
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends Strict-Transport-Security when the public URL is HTTPS', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://promptforge.example' } });
    try {
      for (const url of ['/api/health', '/']) {
        const res = await https.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });
});
