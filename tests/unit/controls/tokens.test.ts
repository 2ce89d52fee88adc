import crypto from 'node:crypto';
import { SignJWT, type JWTPayload, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../../src/server/modules/auth/tokens';
import { apiHelpers } from '../../support/api';
import { type TestApp, createTestApp, testConfig } from '../../support/test-app';

/*
 * Session tokens are checked for algorithm, signature, issuer, audience, type, expiry and the live
 * session behind them. Every forged or stale token below is refused with 401 on a signed-in route;
 * a genuine web token on an admin route is refused with 403 (it is valid, just not allowed there).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' },
  });
});
afterAll(() => t.close());

const { call, signUp, signInAdmin } = apiHelpers(() => t);
const key = new TextEncoder().encode(testConfig().jwtSecret);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(token: string): JWTPayload {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as JWTPayload;
}

/** Re-signs a genuine token's claims with changes, with the app's own secret unless told otherwise. */
async function resign(
  token: string,
  changes: Record<string, unknown>,
  options: { alg?: string; key?: Parameters<SignJWT['sign']>[0]; typ?: string } = {},
) {
  const claims = { ...decode(token), ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete claims[k];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'JWT' })
    .sign(options.key ?? key);
}

async function expectRefused(token: string, url = '/api/auth/me') {
  const res = await call('GET', url, token);
  expect(res.statusCode, `${url} with a bad token answered ${res.body}`).toBe(401);
  expect(res.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_ERROR' });
}

describe('the control tokens are checked against', () => {
  it('accepts a genuine token, and the same claims re-signed genuinely (so the forgeries below test one change each)', async () => {
    const { token } = await signUp();
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', await resign(token, {}))).statusCode).toBe(200);
  });

  it('refuses alg "none", with or without a signature', async () => {
    const { token } = await signUp();
    const [, payload] = token.split('.');
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    await expectRefused(`${b64({ alg: 'none' })}.${payload}`);
    await expectRefused(`${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.${token.split('.')[2]}`);
  });

  it('refuses other algorithms, even with the right secret', async () => {
    const { token } = await signUp();
    await expectRefused(await resign(token, {}, { alg: 'HS384' }));
    await expectRefused(await resign(token, {}, { alg: 'HS512' }));
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(await resign(token, {}, { alg: 'RS256', key: privateKey }));
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await signUp();
    await expectRefused(
      await resign(
        token,
        {},
        { key: new TextEncoder().encode('another-secret-that-is-long-enough-0000000') },
      ),
    );
  });

  it('refuses a tampered signature or payload', async () => {
    const { token } = await signUp();
    const [h, p, s] = token.split('.') as [string, string, string];
    const sig = Buffer.from(s, 'base64url');
    sig[0] = sig[0]! ^ 0xff;
    await expectRefused(`${h}.${p}.${sig.toString('base64url')}`);
    await expectRefused(`${h}.${p}.`);
    await expectRefused(
      `${h}.${b64({ ...decode(token), exp: Math.floor(Date.now() / 1000) + 10 ** 8 })}.${s}`,
    );
    const other = await signUp();
    await expectRefused(`${h}.${b64({ ...decode(token), sub: other.id })}.${s}`);
  });

  it('refuses a wrong or missing issuer', async () => {
    const { token } = await signUp();
    await expectRefused(await resign(token, { iss: 'someone-else' }));
    await expectRefused(await resign(token, { iss: undefined }));
  });

  it('refuses a wrong or missing audience', async () => {
    const { token } = await signUp();
    await expectRefused(await resign(token, { aud: 'promptforge:other' }));
    await expectRefused(await resign(token, { aud: 'promptforge' }));
    await expectRefused(await resign(token, { aud: undefined }));
  });

  it('refuses a web token on admin routes (403), and a web session dressed as an admin-panel token (401)', async () => {
    const admin = await signInAdmin();
    const web = (
      await call('POST', '/api/auth/login', undefined, { email: admin.email, password: 'admin-pass-123' })
    ).json().data.token as string;
    expect((await call('GET', '/api/admin/session', admin.token)).statusCode).toBe(200);
    const res = await call('GET', '/api/admin/session', web);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTHORIZATION_ERROR');
    // The audience claim must match the kind of session it was issued for.
    await expectRefused(await resign(web, { aud: 'promptforge:admin' }), '/api/admin/session');
    await expectRefused(await resign(admin.token, { aud: 'promptforge:web' }));
  });

  it('refuses a wrong or missing token type', async () => {
    const { token } = await signUp();
    await expectRefused(await resign(token, { typ: 'refresh' }));
    await expectRefused(await resign(token, { typ: 'reset' }));
    await expectRefused(await resign(token, { typ: undefined }));
  });

  it('refuses a token without a session id, subject or expiry', async () => {
    const { token } = await signUp();
    await expectRefused(await resign(token, { sid: undefined }));
    await expectRefused(await resign(token, { sub: undefined }));
    await expectRefused(await resign(token, { exp: undefined }));
    await expectRefused(await resign(token, { sid: crypto.randomUUID() }));
  });

  it('refuses an expired token, and a token not valid yet', async () => {
    const { token } = await signUp();
    const expired = await resign(token, { exp: Math.floor(Date.now() / 1000) - 5 });
    await expectRefused(expired);
    expect((await call('GET', '/api/auth/me', expired)).json().message).toBe(
      'Your session has expired. Please log in again.',
    );
    await expectRefused(await resign(token, { nbf: Math.floor(Date.now() / 1000) + 3600 }));
  });

  it('refuses a token whose session was revoked by logout, or expired in the database', async () => {
    const a = await signUp();
    expect((await call('POST', '/api/auth/logout', a.token, {})).statusCode).toBe(200);
    await expectRefused(a.token);

    const b = await signUp();
    const sid = decode(b.token).sid as string;
    await t.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid)
      .execute();
    await expectRefused(b.token);
  });

  it('refuses the other sessions after a password change', async () => {
    const u = await signUp();
    const second = (
      await call('POST', '/api/auth/login', undefined, { email: u.email, password: 'user-pass-123' })
    ).json().data.token as string;
    const change = await call('PUT', '/api/user/settings', u.token, {
      currentPassword: 'user-pass-123',
      newPassword: 'user-pass-456',
      confirmPassword: 'user-pass-456',
    });
    expect(change.statusCode).toBe(200);
    await expectRefused(second);
  });

  it('refuses malformed bearer values', async () => {
    for (const bad of ['x', 'a.b', 'a.b.c', '...', 'e30.e30.e30', 'Bearer', 'x'.repeat(10_000)]) {
      await expectRefused(bad);
    }
  });
});

describe('the token service', () => {
  it('verifies only its own HS256 tokens for the asked audience', async () => {
    const tokens = createTokenService(testConfig().jwtSecret);
    const { token } = await tokens.sign({ userId: 'u1', sessionId: 's1', audience: 'web' }, 60);
    expect(await tokens.verify(token, 'web')).toMatchObject({
      userId: 'u1',
      sessionId: 's1',
      audience: 'web',
    });
    expect(await tokens.verify(token, 'admin')).toBe('invalid');
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(token)).toMatchObject({
      iss: 'promptforge',
      aud: 'promptforge:web',
      typ: 'access',
      sid: 's1',
    });
    const other = createTokenService('a-completely-different-secret-0123456789abcdef');
    expect(await other.verify(token, 'web')).toBe('invalid');
  });

  it('refuses a token it verified before, once the token expires', async () => {
    const tokens = createTokenService(testConfig().jwtSecret);
    const { token, expiresAt } = await tokens.sign({ userId: 'u1', sessionId: 's1', audience: 'web' }, 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await tokens.verify(token, 'web')).toMatchObject({ sessionId: 's1' });
      // Remembered as verified: a second check still answers the same, and the other audience is refused.
      expect(await tokens.verify(token, 'web')).toMatchObject({ sessionId: 's1' });
      expect(await tokens.verify(token, 'admin')).toBe('invalid');
      vi.setSystemTime(expiresAt.getTime() - 1000);
      expect(await tokens.verify(token, 'web')).toMatchObject({ sessionId: 's1' });
      vi.setSystemTime(expiresAt);
      expect(await tokens.verify(token, 'web')).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
