import crypto from 'node:crypto';
import { createOrPromoteAdmin } from '../../src/server/modules/auth/admins';
import { createTokenService } from '../../src/server/modules/auth/tokens';
import { insertUser } from './factories';
import { type TestApp, testConfig } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let n = 0;
const unique = (prefix: string) => `${prefix}${n++}.${Date.now()}@example.test`;

/** The passwords the helpers' accounts are made with, for a test that signs in again. */
export const USER_PASSWORD = 'user-pass-123';
export const ADMIN_PASSWORD = 'admin-pass-123';

/**
 * The calls most API tests make: a bearer-token request, a fresh signed-up user and a fresh admin
 * signed in to the admin panel. `app` is read on each call, so it may be assigned in beforeAll.
 */
export function apiHelpers(app: () => TestApp) {
  const tokens = createTokenService(testConfig().jwtSecret);
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    app().app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** A new user signed up through the API (a fresh e-mail unless one is given), with their web token. */
  async function signUp(name = 'Una User', { email = unique('user') }: { email?: string } = {}) {
    const res = await call('POST', '/api/auth/register', undefined, { name, email, password: USER_PASSWORD });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
    return {
      token: res.json().data.token as string,
      id: res.json().data.user.id as string,
      email,
      password: USER_PASSWORD,
    };
  }

  /** A web (not admin-panel) token for an account that exists. */
  async function signIn(email: string, password = USER_PASSWORD) {
    const res = await call('POST', '/api/auth/login', undefined, { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return res.json().data.token as string;
  }

  /** A new admin (no TOTP, no IP list) signed in to the admin panel, with their panel token. */
  async function signInAdmin(name = 'Ada Admin', { email = unique('admin') }: { email?: string } = {}) {
    const { id } = await createOrPromoteAdmin(app().database.db, { email, password: ADMIN_PASSWORD, name });
    const res = await call('POST', '/api/auth/admin/login', undefined, { email, password: ADMIN_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
    return { token: res.json().data.token as string, id, email, password: ADMIN_PASSWORD };
  }

  /**
   * A user signed in to the web app without the cost of hashing a password (for suites that need
   * many): the user and session rows are inserted and the token signed as sign-in would sign it.
   */
  async function quickUser(name = 'Quinn Quick') {
    const user = await insertUser(app().database.db, { name });
    const sessionId = crypto.randomUUID();
    const { token, expiresAt } = await tokens.sign({ userId: user.id, sessionId, audience: 'web' }, 3600);
    const now = new Date().toISOString();
    await app()
      .database.db.insertInto('auth_sessions')
      .values({
        id: sessionId,
        user_id: user.id,
        kind: 'web',
        ip: null,
        user_agent: null,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    return { token, id: user.id, email: user.email };
  }

  return { call, signUp, signIn, signInAdmin, quickUser };
}
