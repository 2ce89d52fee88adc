import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { newId, nowIso } from '../../../lib/time';
import { changeUserStatus, csvCell } from './service';
import { apiHelpers } from '../../../../../tests/support/api';

/* The admin users section (issue 8) on both engines: who may call it, the list, the export, status changes, new users. */

let t: TestApp;
let n = 0;
let admin: { id: string; email: string; token: string };
const FAR = '2999-01-01T00:00:00.000Z';

const h = apiHelpers(() => t);
const { call } = h;
const tag = () => `${Date.now().toString(36)}${n++}`;

const register = (name = 'Uma User') => h.signUp(name);

const newAdmin = (name = 'Ada Admin') => h.signInAdmin(name);

async function subscribe(userId: string, planId: string, end: string | null = FAR, status = 'active') {
  const now = nowIso();
  await t.database.db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      user_id: userId,
      plan_id: planId,
      status,
      current_period_start: now,
      current_period_end: end,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function pay(userId: string, amountMinor: number, refundedMinor = 0, status = 'captured') {
  const now = nowIso();
  await t.database.db
    .insertInto('payments')
    .values({
      id: newId(),
      user_id: userId,
      kind: 'subscription',
      amount_minor: amountMinor,
      refunded_minor: refundedMinor,
      currency: 'USD',
      status,
      provider: 'test',
      provider_order_id: `order_${newId()}`,
      paid_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', PUBLIC_URL: 'https://pf.example' },
  });
  const now = nowIso();
  await t.database.db
    .insertInto('plans')
    .values([
      {
        id: 'p-free',
        slug: 'free',
        name: 'Free',
        price_monthly_minor: 0,
        session_limit: 10,
        sort_order: 0,
        created_at: now,
        updated_at: now,
      },
      {
        id: 'p-pro',
        slug: 'pro',
        name: 'Premium',
        price_monthly_minor: 1900,
        session_limit: null,
        sort_order: 1,
        created_at: now,
        updated_at: now,
      },
      {
        id: 'p-biz',
        slug: 'business',
        name: 'Business',
        price_monthly_minor: 9900,
        session_limit: null,
        sort_order: 2,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  admin = await newAdmin('Root Admin');
});
afterAll(() => t.close());

describe('who may call the users endpoints', () => {
  const endpoints = (target: string) =>
    [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users/export', undefined],
      ['POST', '/api/admin/users', { name: 'Nobody Here', email: `nobody.${tag()}@example.test` }],
      ['PUT', `/api/admin/users/${target}/status`, { status: 'suspended' }],
    ] as const;

  it('answers 401 without a token, 403 to web tokens (a user, or an admin outside the panel), 401 to a suspended admin', async () => {
    const user = await register();
    const target = await register();
    const adminWeb = (
      await call('POST', '/api/auth/login', undefined, { email: admin.email, password: 'admin-pass-123' })
    ).json().data.token as string;
    const suspended = await newAdmin('Sus Pended');
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.id)
      .execute();
    for (const [method, url, body] of endpoints(target.id)) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const asUser = await call(method, url, user.token, body);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json().code).toBe('AUTHORIZATION_ERROR');
      expect((await call(method, url, adminWeb, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, suspended.token, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing those calls tried happened.
    const row = await t.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', target.id)
      .executeTakeFirst();
    expect(row?.status).toBe('active');
  });

  it('answers an admin', async () => {
    const target = await register();
    for (const [method, url, body] of endpoints(target.id)) {
      const res = await call(method, url, admin.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(method === 'POST' ? 201 : 200);
    }
  });
});

describe('the user list', () => {
  let word: string;
  let ana: { id: string; email: string; token: string };
  beforeAll(async () => {
    word = `Zq${tag()}`;
    ana = await register(`Ana ${word} Lopez`);
    const ben = await insertUser(t.database.db, {
      name: 'Ben Marsh',
      email: `ben.${word.toLowerCase()}@example.test`,
      status: 'suspended',
    });
    await insertUser(t.database.db, {
      name: `Cy 100%_${word}`,
      email: `cy.${tag()}@example.test`,
      status: 'banned',
    });
    await subscribe(ana.id, 'p-pro');
    await pay(ana.id, 1900);
    await pay(ana.id, 1900, 1900, 'refunded');
    await pay(ana.id, 500, 0, 'failed');
    await insertPrompt(t.database.db, ana.id);
    await insertPrompt(t.database.db, ana.id, { status: 'draft' });
    const now = nowIso();
    // Usage is the allowance used this month: a slot taken now (its session since deleted), not
    // one of an earlier month, not a try.
    const entry = { user_id: ana.id, prompt_id: 'p-any', created_at: now };
    await t.database.db
      .insertInto('allowance_entries')
      .values([
        { ...entry, session_id: newId(), kind: 'session', month: now.slice(0, 7) },
        { ...entry, session_id: newId(), kind: 'session', month: '2001-01' },
        { ...entry, session_id: newId(), kind: 'try', month: now.slice(0, 7) },
      ])
      .execute();
    // An expired paid plan is the free plan again.
    await subscribe(ben.id, 'p-biz', '2001-01-01T00:00:00.000Z');
  });

  const list = (query: string) => call('GET', `/api/admin/users?${query}`, admin.token);
  const names = (res: { json(): { data: { users: { name: string }[] } } }) =>
    res.json().data.users.map((u) => u.name);

  it('shows the spec row for each user: plan, status, usage, spend, dates', async () => {
    const res = await list(`search=${word}`);
    expect(res.statusCode).toBe(200);
    const row = res.json().data.users.find((u: { id: string }) => u.id === ana.id);
    expect(row).toMatchObject({
      name: `Ana ${word} Lopez`,
      email: ana.email,
      role: 'user',
      status: 'active',
      subscription: { plan: 'Premium', planId: 'p-pro', status: 'active', expiresAt: FAR, paid: true },
      usage: { playgroundSessions: 1, promptsCreated: 2, totalSpent: 19, totalSpentMinor: 1900 },
    });
    expect(row.joinedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row.lastActive).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('searches name and e-mail without regard to case, and takes % and _ literally', async () => {
    expect(names(await list(`search=${word.toUpperCase()}`)).sort()).toEqual(
      ['Ana', 'Ben', 'Cy'].map((p) => expect.stringContaining(p)),
    );
    expect(names(await list(`search=${encodeURIComponent(`BEN.${word}`)}`))).toEqual(['Ben Marsh']);
    expect(names(await list(`search=${encodeURIComponent('100%_')}`))).toEqual([`Cy 100%_${word}`]);
    expect(names(await list(`search=${encodeURIComponent('1%0')}`))).toEqual([]);
  });

  it('filters by status and by plan (free, a paid plan), and refuses an unknown plan', async () => {
    expect(names(await list(`search=${word}&status=suspended`))).toEqual(['Ben Marsh']);
    expect(names(await list(`search=${word}&status=banned`))).toEqual([`Cy 100%_${word}`]);
    expect(names(await list(`search=${word}&plan=p-pro`))).toEqual([`Ana ${word} Lopez`]);
    expect(names(await list(`search=${word}&plan=p-biz`))).toEqual([]);
    expect(names(await list(`search=${word}&plan=free`)).sort()).toEqual(['Ben Marsh', `Cy 100%_${word}`]);
    // Choosing the free plan by its id is the same as 'free'.
    expect(names(await list(`search=${word}&plan=p-free`)).sort()).toEqual(['Ben Marsh', `Cy 100%_${word}`]);
    const bad = await list('plan=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a plan from the list');
    expect((await list('status=gone')).statusCode).toBe(400);
  });

  it('pages newest first and counts every user on the cards', async () => {
    const first = (await list('page=1&limit=2')).json().data;
    const second = (await list('page=2&limit=2')).json().data;
    expect(first.users).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 2));
    expect(second.users[0].id).not.toBe(first.users[1].id);
    expect(first.users[0].joinedAt >= first.users[1].joinedAt).toBe(true);
    const all = await t.database.db.selectFrom('users').select(['status']).execute();
    expect(first.counts).toMatchObject({
      totalUsers: all.length,
      activeUsers: all.filter((u) => u.status === 'active').length,
    });
    expect(first.counts.premiumUsers).toBeGreaterThanOrEqual(1);
    expect(first.counts.totalRevenueMinor).toBeGreaterThanOrEqual(1900);
    expect(first.planOptions).toEqual([
      { value: 'free', label: 'Free', paid: false },
      { value: 'p-pro', label: 'Premium', paid: true },
      { value: 'p-biz', label: 'Business', paid: true },
    ]);
  });
});

describe('the CSV export', () => {
  it('downloads the filtered list with quoting and without formulas', async () => {
    const word = `Xk${tag()}`;
    await insertUser(t.database.db, {
      name: `=HYPERLINK("x") ${word}`,
      email: `eq.${word.toLowerCase()}@example.test`,
    });
    await insertUser(t.database.db, {
      name: `Lee, "Junior" ${word}`,
      email: `lee.${word.toLowerCase()}@example.test`,
    });
    await insertUser(t.database.db, {
      name: `Suspended ${word}`,
      email: `sus.${word.toLowerCase()}@example.test`,
      status: 'suspended',
    });
    const res = await call('GET', `/api/admin/users/export?search=${word}&status=active`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="promptforge-users-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Name,Email,Role,Status,Plan,Subscription status,Plan expires,Playground sessions this month,Prompts created,Total spent,Joined,Last active',
    );
    expect(lines).toHaveLength(3);
    expect(res.body).not.toContain('Suspended');
    const lee = lines.find((l) => l.includes('lee.'))!;
    expect(lee).toContain(
      `,"Lee, ""Junior"" ${word}",lee.${word.toLowerCase()}@example.test,user,active,Free,active,,0,0,0.00,`,
    );
    const eq = lines.find((l) => l.includes('eq.'))!;
    expect(eq).toContain(`,"'=HYPERLINK(""x"") ${word}",`);
  });

  it('neutralises every formula lead character', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});

describe('changing a status', () => {
  const setStatus = (id: string, status: string, token = admin.token) =>
    call('PUT', `/api/admin/users/${id}/status`, token, { status });

  it('suspends: every session of the user ends at once and they cannot sign in; re-activating restores sign-in', async () => {
    const user = await register();
    const second = (
      await call('POST', '/api/auth/login', undefined, { email: user.email, password: 'user-pass-123' })
    ).json().data.token as string;
    const res = await setStatus(user.id, 'suspended');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User suspended',
      data: { user: { id: user.id, status: 'suspended' } },
    });
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', second)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: 'user-pass-123',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account is suspended. Contact support to restore access.');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', user.id)
      .where('action', '=', 'user.status')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, actor_email: admin.email, target_type: 'user' });
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'active' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ status: 'suspended' });

    const back = await setStatus(user.id, 'active');
    expect(back.json()).toMatchObject({ message: 'User activated', data: { user: { status: 'active' } } });
    const again = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: 'user-pass-123',
    });
    expect(again.statusCode).toBe(200);
    // The old tokens stay revoked.
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
  });

  it('bans: signed out, and sign-in says the account is banned', async () => {
    const user = await register();
    expect((await setStatus(user.id, 'banned')).json().message).toBe('User banned');
    expect((await call('GET', '/api/auth/me', user.token)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: 'user-pass-123',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain('banned');
  });

  it('refuses an admin their own status, an unknown user, and an unknown status', async () => {
    const own = await setStatus(admin.id, 'suspended');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'You cannot change the status of your own account.',
    });
    const missing = await setStatus('no-such-user', 'suspended');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    const user = await register();
    const bad = await setStatus(user.id, 'deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be active, suspended or banned');
  });

  it('lets one admin suspend another, whose panel token then stops working', async () => {
    const other = await newAdmin('Other Admin');
    expect((await setStatus(other.id, 'suspended')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', other.token)).statusCode).toBe(401);
    expect((await setStatus(other.id, 'active')).statusCode).toBe(200);
  });

  it('never suspends or bans the last active admin', async () => {
    // Only reachable when no other admin is active (an admin cannot target themself through the API),
    // so the rule is checked on the service, as a script or a race would meet it.
    const db = t.database.db;
    const active = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    const keep = active[0]!.id;
    const others = active.slice(1).map((a) => a.id);
    if (others.length)
      await db.updateTable('users').set({ status: 'suspended' }).where('id', 'in', others).execute();
    try {
      for (const status of ['suspended', 'banned'] as const) {
        await expect(
          changeUserStatus(db, { id: 'a-script', email: 'ops@example.test' }, keep, status),
        ).rejects.toMatchObject({
          status: 400,
          userMessage: 'The last active admin cannot be suspended or banned.',
        });
      }
      const row = await db.selectFrom('users').select('status').where('id', '=', keep).executeTakeFirst();
      expect(row?.status).toBe('active');
    } finally {
      if (others.length)
        await db.updateTable('users').set({ status: 'active' }).where('id', 'in', others).execute();
    }
  });
});

describe('adding a user', () => {
  const add = (body: object) => call('POST', '/api/admin/users', admin.token, body);

  it('with a one-time password that signs in, shown once', async () => {
    const email = `new.${tag()}@example.test`;
    const res = await add({ name: '  Nia New ', email, role: 'user', delivery: 'password' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      delivery: 'password',
      user: { name: 'Nia New', email, role: 'user', status: 'active' },
    });
    expect(data.password).toMatch(/^[A-Za-z0-9]{18}$/);
    const login = await call('POST', '/api/auth/login', undefined, { email, password: data.password });
    expect(login.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(stored?.password_hash).not.toContain(data.password);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('user.create');
    expect(audit.after).not.toContain(data.password);
  });

  it('with a set-password e-mail whose link sets the password (and an admin role opens the panel)', async () => {
    const email = `invite.${tag()}@example.test`;
    const res = await add({ name: 'Ivy Invite', email, role: 'admin', delivery: 'email' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ delivery: 'email', password: null, user: { role: 'admin' } });
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Promptforge account is ready: choose your password');
    const token = /https:\/\/pf\.example\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeTruthy();
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'chosen-pass-77',
    });
    expect(reset.statusCode).toBe(200);
    const login = await call('POST', '/api/auth/admin/login', undefined, {
      email,
      password: 'chosen-pass-77',
    });
    expect(login.statusCode).toBe(200);
  });

  it('applies the signup rules and refuses a taken address with the register message', async () => {
    const short = await add({ name: 'A', email: `x.${tag()}@example.test` });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Full name must be at least 2 characters');
    const badEmail = await add({ name: 'Al Bad', email: 'not-an-email' });
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const badRole = await add({ name: 'Al Bad', email: `r.${tag()}@example.test`, role: 'owner' });
    expect(badRole.json().message).toBe('Role must be user or admin');
    const taken = await add({ name: 'Copy Cat', email: admin.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'An account with this email already exists',
      details: [{ field: 'email', message: 'An account with this email already exists' }],
    });
  });
});
