import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertSubscription, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp, testConfig } from '../../../../tests/support/test-app';
import { testEngine } from '../../../../tests/support/test-db';
import { newId, nowIso } from '../../lib/time';
import { createOrPromoteAdmin } from './admins';
import { hashPassword } from './password';
import { liveSessionBatcher, liveSessionFinder } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
  });
  const now = nowIso();
  await t.database.db
    .insertInto('plans')
    .values([
      {
        id: 'plan-free',
        slug: 'free',
        name: 'Free',
        price_monthly_minor: 0,
        session_limit: 10,
        sort_order: 1,
        created_at: now,
        updated_at: now,
      },
      {
        id: 'plan-pro',
        slug: 'premium',
        name: 'Premium',
        price_monthly_minor: 1900,
        session_limit: null,
        sort_order: 2,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function post(url: string, payload: unknown, options: { token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}
function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

let emailCounter = 0;
const freshEmail = () => `person${emailCounter++}.${Date.now()}@example.test`;

async function register(overrides: Record<string, string> = {}) {
  const body = { name: 'Pat Example', email: freshEmail(), password: 'correct-horse-9', ...overrides };
  const res = await post('/api/auth/register', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, token: res.json().data.token as string, user: res.json().data.user };
}

describe('register', () => {
  it('creates the account and answers a token and the spec User shape', async () => {
    const email = freshEmail();
    const res = await post('/api/auth/register', {
      name: '  Pat  Example ',
      email: `  ${email.toUpperCase()} `,
      password: 'correct-horse-9',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.data.token).toBe('string');
    expect(body.data.user).toEqual({
      id: expect.any(String),
      name: 'Pat  Example',
      email: email.toUpperCase(),
      role: 'user',
      subscription: { plan: 'Free', status: 'active', planId: 'plan-free' },
      usage: { playgroundSessions: { current: 0, limit: 10 }, promptsCreated: 0 },
      avatar: null,
    });
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_normalized).toBe(email);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is also served at /api/auth/signup', async () => {
    const res = await post('/api/auth/signup', {
      name: 'Sig Nup',
      email: freshEmail(),
      password: 'correct-horse-9',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.name).toBe('Sig Nup');
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    const { email } = await register();
    const res = await post('/api/auth/register', {
      name: 'Other',
      email: ` ${email.toUpperCase()}`,
      password: 'another-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'An account with this email already exists',
      details: [{ field: 'email', message: 'An account with this email already exists' }],
    });
  });

  it.each([
    [{}, 'Full name is required'],
    [{ name: '   ', email: 'a@b.co', password: 'secret-1' }, 'Full name is required'],
    [{ name: ' A ', email: 'a@b.co', password: 'secret-1' }, 'Full name must be at least 2 characters'],
    [{ name: 'Al', email: '', password: 'secret-1' }, 'Email is required'],
    [{ name: 'Al', email: 'not-an-email', password: 'secret-1' }, 'Please enter a valid email address'],
    [{ name: 'Al', email: 'a@b.co', password: '' }, 'Password is required'],
    [{ name: 'Al', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ name: 'Al', email: freshEmail(), password: 'password123' }, 'This password is too common'],
    [{ name: 'Al', email: freshEmail(), password: 'QWERTY123' }, 'This password is too common'],
  ])('refuses %j with "%s", in the spec order', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });
});

describe('login and the session', () => {
  it('signs in with the e-mail in any case, with a new token each time', async () => {
    const account = await register();
    const a = await post('/api/auth/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    const b = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(a.statusCode).toBe(200);
    expect(a.json().data.user.email).toBe(account.email);
    expect(a.json().data.token).not.toBe(b.json().data.token);
    expect(a.json().data.token).not.toBe(account.token);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const account = await register();
    const wrong = await post('/api/auth/login', { email: account.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: freshEmail(), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (r: typeof wrong) => ({ ...r.json(), requestId: undefined });
    expect(strip(wrong)).toEqual(strip(unknown));
    expect(wrong.json()).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'Invalid email or password',
    });
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const account = await register();
    const time = async (email: string) => {
      const start = performance.now();
      await post('/api/auth/login', { email, password: 'not-the-password' });
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(account.email));
      unknown.push(await time(freshEmail()));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
    // Both pay for one argon2id verification; without the dummy hash an unknown e-mail answers ~100x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it.each([
    [{}, 'Email and password are required'],
    [{ email: 'a@b.co' }, 'Email and password are required'],
    [{ email: '', password: 'x' }, 'Email and password are required'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await post('/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers /me and /profile with the user, and refuses without a token', async () => {
    const account = await register();
    for (const url of ['/api/auth/me', '/api/auth/profile']) {
      const res = await get(url, account.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toEqual(account.user);
    }
    const anonymous = await get('/api/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'Authentication required. Please log in.',
    });
  });

  it('revokes the token at logout, and only that one', async () => {
    const account = await register();
    const other = (await post('/api/auth/login', { email: account.email, password: account.password })).json()
      .data.token;
    const out = await post('/api/auth/logout', {}, { token: account.token });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/auth/me', account.token)).statusCode).toBe(401);
    expect((await get('/api/auth/me', other)).statusCode).toBe(200);
  });

  it('refuses tampered, foreign-key, wrong-algorithm and expired tokens', async () => {
    const account = await register();
    const [h, p, s] = account.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url');
    expect((await get('/api/auth/me', `${h}.${forged}.${s}`)).statusCode).toBe(401);

    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-000000000');
    const foreign = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
    expect((await get('/api/auth/me', foreign)).statusCode).toBe(401);

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await get('/api/auth/me', none)).statusCode).toBe(401);

    const key = new TextEncoder().encode(testConfig().jwtSecret);
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const res = await get('/api/auth/me', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('signs a suspended user out everywhere at once, and refuses their sign-in', async () => {
    const account = await register();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', account.user.id)
      .execute();
    expect((await get('/api/auth/me', account.token)).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account is suspended. Contact support to restore access.');
  });

  /** Accounts whose sessions are live, logged out, of a suspended user and expired. */
  async function sessionsInEveryState() {
    const live = await Promise.all([register(), register(), register()]);
    const [loggedOut, suspended, expired] = await Promise.all([register(), register(), register()]);
    await post('/api/auth/logout', {}, { token: loggedOut.token });
    const db = t.database.db;
    await db.updateTable('users').set({ status: 'suspended' }).where('id', '=', suspended.user.id).execute();
    await db
      .updateTable('auth_sessions')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', expired.user.id)
      .execute();
    return { live, loggedOut, suspended, expired };
  }

  it('answers concurrent requests each by its own session as it stands', async () => {
    // On PostgreSQL the sessions asked for in one turn of the event loop are read together.
    const { live, loggedOut, suspended, expired } = await sessionsInEveryState();
    const callers = [live[0], loggedOut, live[1], suspended, live[2], expired, live[0]];
    const answers = await Promise.all(callers.map((c) => get('/api/auth/me', c.token)));
    expect(answers.map((a) => [a.statusCode, a.json().data?.user.id ?? a.json().message])).toEqual([
      [200, live[0]!.user.id],
      [401, 'Your session has expired. Please log in again.'],
      [200, live[1]!.user.id],
      [401, 'This account is no longer active.'],
      [200, live[2]!.user.id],
      [401, 'Your session has expired. Please log in again.'],
      [200, live[0]!.user.id],
    ]);
  });

  if (testEngine === 'postgres') {
    it('reads the sessions of one turn together as the lookup of one session reads each', async () => {
      const { live, loggedOut, suspended, expired } = await sessionsInEveryState();
      const db = t.database.db;
      const users = [...live, loggedOut, suspended, expired].map((c) => c.user.id);
      const sessions = await db
        .selectFrom('auth_sessions')
        .select(['id', 'user_id'])
        .where('user_id', 'in', users)
        .execute();
      const ids = [...sessions.map((s) => s.id), 'no-such-session'];
      const now = nowIso();
      const batched = liveSessionBatcher(db);
      const one = liveSessionFinder(db);
      const together = await Promise.all(ids.map((id) => batched(id, now)));
      const alone = await Promise.all(ids.map((id) => one(id, now)));
      expect(together).toEqual(alone);
      expect(
        together
          .filter(Boolean)
          .map((s) => s!.user_id)
          .sort(),
      ).toEqual([live[0]!.user.id, live[1]!.user.id, live[2]!.user.id, suspended.user.id].sort());
    });
  }

  it('reports the plan, its allowance and usage in the user', async () => {
    const account = await register();
    const db = t.database.db;
    const now = nowIso();
    // The allowance's ledger: a slot this month, one in an earlier month, and a try (not a slot).
    const entry = { user_id: account.user.id, prompt_id: null, created_at: now };
    await db
      .insertInto('allowance_entries')
      .values([
        { ...entry, session_id: newId(), kind: 'session', month: now.slice(0, 7) },
        { ...entry, session_id: newId(), kind: 'session', month: '2020-01' },
        { ...entry, session_id: newId(), kind: 'try', prompt_id: 'p-gone', month: now.slice(0, 7) },
      ])
      .execute();
    await db
      .insertInto('prompts')
      .values({
        id: newId(),
        slug: `s-${newId()}`,
        author_id: account.user.id,
        title: 't',
        description: 'd',
        content: 'c',
        category: 'writing',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const free = (await get('/api/auth/me', account.token)).json().data.user;
    expect(free.usage).toEqual({ playgroundSessions: { current: 1, limit: 10 }, promptsCreated: 1 });
    // Subscriptions that are not current leave the user on the free plan: canceled, and run out.
    const ended = {
      user_id: account.user.id,
      plan_id: 'plan-pro',
      current_period_start: now,
      updated_at: now,
    };
    await db
      .insertInto('subscriptions')
      .values([
        {
          ...ended,
          id: newId(),
          status: 'canceled',
          current_period_end: '2999-01-01T00:00:00.000Z',
          created_at: now,
        },
        {
          ...ended,
          id: newId(),
          status: 'active',
          current_period_end: '2020-02-01T00:00:00.000Z',
          created_at: now,
        },
      ])
      .execute();
    const stillFree = (await get('/api/auth/me', account.token)).json().data.user;
    expect(stillFree.subscription).toEqual(free.subscription);
    expect(free.subscription.plan).toBe('Free');
    await insertSubscription(db, account.user.id, 'plan-pro');
    const paid = (await get('/api/auth/me', account.token)).json().data.user;
    expect(paid.subscription).toEqual({ plan: 'Premium', status: 'active', planId: 'plan-pro' });
    expect(paid.usage.playgroundSessions.limit).toBe(999999);
  });

  it('answers users asking at the same moment each with their own plan and usage', async () => {
    // On PostgreSQL the summaries asked for in one turn of the event loop are read together.
    const [paid, author, plain] = await Promise.all([register(), register(), register()]);
    const db = t.database.db;
    await insertSubscription(db, paid.user.id, 'plan-pro');
    await insertPrompt(db, author.user.id);
    await insertPrompt(db, author.user.id, { status: 'draft' });
    const alone = [];
    for (const c of [paid, author, plain]) alone.push((await get('/api/auth/me', c.token)).json().data.user);
    expect(alone.map((u) => [u.subscription.plan, u.usage.promptsCreated])).toEqual([
      ['Premium', 0],
      ['Free', 2],
      ['Free', 0],
    ]);
    const callers = [paid, author, plain, author, paid];
    const together = await Promise.all(callers.map((c) => get('/api/auth/me', c.token)));
    expect(together.map((r) => r.json().data.user)).toEqual([
      alone[0],
      alone[1],
      alone[2],
      alone[1],
      alone[0],
    ]);
  });
});

describe('admin sign-in', () => {
  let adminEmail: string;
  beforeAll(async () => {
    adminEmail = freshEmail();
    await createOrPromoteAdmin(t.database.db, {
      email: adminEmail,
      password: 'admin-secret-42',
      name: 'Ada Admin',
    });
  });

  it('gives an admin an admin-panel token that opens admin endpoints', async () => {
    const res = await post('/api/auth/admin/login', { email: adminEmail, password: 'admin-secret-42' });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(user).toMatchObject({
      role: 'admin',
      name: 'Ada Admin',
      usage: { playgroundSessions: { limit: 999999 } },
    });
    expect((await get('/api/admin/session', token)).statusCode).toBe(200);
  });

  it('refuses a non-admin, even with the right password', async () => {
    const account = await register();
    const res = await post('/api/auth/admin/login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTHORIZATION_ERROR');
  });

  it('refuses a user token on admin endpoints with 403, and no token with 401', async () => {
    const account = await register();
    const res = await get('/api/admin/session', account.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      message: "Access denied. You don't have permission to perform this action.",
    });
    expect((await get('/api/admin/session')).statusCode).toBe(401);
  });

  it("refuses an admin's ordinary web token on admin endpoints", async () => {
    const web = (await post('/api/auth/login', { email: adminEmail, password: 'admin-secret-42' })).json()
      .data.token;
    expect((await get('/api/admin/session', web)).statusCode).toBe(403);
  });

  it('re-checks the role in the database on every admin call', async () => {
    const email = freshEmail();
    const { id } = await createOrPromoteAdmin(t.database.db, { email, password: 'admin-secret-43' });
    const token = (await post('/api/auth/admin/login', { email, password: 'admin-secret-43' })).json().data
      .token;
    expect((await get('/api/admin/session', token)).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', id).execute();
    expect((await get('/api/admin/session', token)).statusCode).toBe(403);
  });

  it('promotes an existing account and sets its password', async () => {
    const account = await register();
    const result = await createOrPromoteAdmin(t.database.db, {
      email: account.email.toUpperCase(),
      password: 'brand-new-admin-pw',
    });
    expect(result).toEqual({ id: account.user.id, created: false });
    const res = await post('/api/auth/admin/login', { email: account.email, password: 'brand-new-admin-pw' });
    expect(res.statusCode).toBe(200);
  });

  it('has no fallback credential: an empty database lets nobody in', async () => {
    const empty = await createTestApp();
    for (const [email, password] of [
      ['admin@promptforge.test', 'admin-pass-123'],
      ['admin@example.com', 'admin123'],
      ['admin', 'admin'],
    ]) {
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { email, password },
      });
      expect(res.statusCode).not.toBe(200);
    }
    await empty.close();
  });
});

describe('rate limits', () => {
  it('limits failed sign-ins per e-mail, across addresses, with Retry-After', async () => {
    const limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' },
    });
    const email = 'victim@example.test';
    await insertUser(limited.database.db, {
      email,
      email_normalized: email,
      password_hash: await hashPassword('the-real-password'),
    });
    const attempt = (password: string, i: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: `10.3.0.${i}`,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong', i)).statusCode).toBe(401);
    const blocked = await attempt('the-real-password', 9);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMIT_ERROR', success: false });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await limited.close();
  });

  it('limits attempts per address across login, register and forgot-password', async () => {
    const limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_ADDRESS: '3', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
    });
    const ip = '10.4.0.1';
    const call = (url: string, payload: object) =>
      limited.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    expect((await call('/api/auth/login', { email: 'a@b.co', password: 'x' })).statusCode).toBe(401);
    expect((await call('/api/auth/forgot-password', { email: 'a@b.co' })).statusCode).toBe(200);
    expect(
      (await call('/api/auth/register', { name: 'Ab', email: 'new@b.co', password: 'fine-password-1' }))
        .statusCode,
    ).toBe(201);
    const blocked = await call('/api/auth/admin/login', { email: 'a@b.co', password: 'x' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const elsewhere = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
      remoteAddress: '10.4.0.2',
    });
    expect(elsewhere.statusCode).toBe(401);
    await limited.close();
  });
});

// Registered only where Redis is available (.ci/run sets TEST_REDIS_URL); the in-process limits are tested above.
if (process.env.TEST_REDIS_URL) {
  describe('rate limits shared through Redis', () => {
    it('counts failed sign-ins for one e-mail across two app instances', async () => {
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL!,
        AUTH_RATE_LIMIT_PER_EMAIL: '2',
        AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
      };
      const one = await createTestApp({ env });
      const two = await createTestApp({ env });
      const email = `shared-${Date.now()}@example.test`;
      const attempt = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-password' },
        });
      expect((await attempt(one)).statusCode).toBe(401);
      expect((await attempt(two)).statusCode).toBe(401);
      expect((await attempt(one)).statusCode).toBe(429);
      expect((await attempt(two)).statusCode).toBe(429);
      await one.close();
      await two.close();
    });
  });
}
