import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { insertUser } from '../../../../../tests/support/factories';
import { notifyAdmins } from './alerts';
import type { Mailer } from '../../../integrations/mail/mailer';
import { base32Decode, totpAt } from '../../../lib/totp';
import { createOrPromoteAdmin } from '../../auth/admins';
import { hashPassword } from '../../auth/password';
import { buildAdminReport } from './report';
import { apiHelpers } from '../../../../../tests/support/api';

/*
 * Admin settings: saved per admin and enforced (session timeout, login alerts, IP whitelist, TOTP
 * two-factor sign-in), and admin alerts that follow each admin's notification choices.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
  });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

let counter = 0;
const freshEmail = (prefix = 'admin') => `${prefix}${counter++}.${Date.now()}@example.test`;

interface Call {
  method?: 'GET' | 'PUT' | 'POST';
  url: string;
  token?: string;
  payload?: object;
  ip?: string;
}
function call({ method = 'GET', url, token, payload, ip = '127.0.0.1' }: Call) {
  return t.app.inject({
    method,
    url,
    payload,
    remoteAddress: ip,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'user-agent': 'SettingsTest/1.0' },
  });
}

async function newAdmin(password = 'admin-password-1') {
  const email = freshEmail();
  const { id } = await createOrPromoteAdmin(t.database.db, { email, password, name: 'Ada Admin' });
  return { id, email, password };
}

async function adminLogin(email: string, password: string, extra: { code?: string; ip?: string } = {}) {
  return call({
    method: 'POST',
    url: '/api/auth/admin/login',
    payload: { email, password, ...(extra.code ? { code: extra.code } : {}) },
    ip: extra.ip,
  });
}

async function signedInAdmin() {
  const admin = await newAdmin();
  const res = await adminLogin(admin.email, admin.password);
  expect(res.statusCode).toBe(200);
  return { ...admin, token: res.json().data.token as string };
}

const outboxFor = (to: string) =>
  t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();

const SECURITY = { loginAlerts: true, sessionTimeout: '24', ipWhitelist: '' };
const THEME = { theme: 'light', accentColor: 'green', sidebarCollapsed: true };

describe('who may use the settings endpoints', () => {
  const endpoints: Call[] = [
    { url: '/api/admin/settings' },
    { method: 'PUT', url: '/api/admin/settings', payload: { theme: THEME } },
    { method: 'POST', url: '/api/admin/settings/2fa/setup' },
    { method: 'POST', url: '/api/admin/settings/2fa/enable', payload: { code: '123456' } },
    { method: 'POST', url: '/api/admin/settings/2fa/disable', payload: { code: '123456' } },
  ];

  it.each(endpoints)('$method $url: 401 without a token', async (endpoint) => {
    expect((await call(endpoint)).statusCode).toBe(401);
  });

  it.each(endpoints)("$method $url: 403 with a user's web token", async (endpoint) => {
    const user = await h.signUp('Regular User');
    expect((await call({ ...endpoint, token: user.token })).statusCode).toBe(403);
  });

  it.each(endpoints)("$method $url: 403 with an admin's web token", async (endpoint) => {
    const admin = await newAdmin();
    const web = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect((await call({ ...endpoint, token: web.json().data.token })).statusCode).toBe(403);
  });

  it.each(endpoints)('$method $url: 403 with an admin-panel token of a demoted admin', async (endpoint) => {
    const admin = await signedInAdmin();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.id).execute();
    expect((await call({ ...endpoint, token: admin.token })).statusCode).toBe(403);
  });

  it.each(endpoints)('$method $url: 401 for a suspended admin', async (endpoint) => {
    const admin = await signedInAdmin();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', admin.id)
      .execute();
    const res = await call({ ...endpoint, token: admin.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This account is no longer active.');
  });
});

describe('GET and PUT /api/admin/settings', () => {
  it("starts from the spec's defaults", async () => {
    const admin = await signedInAdmin();
    const res = await call({ url: '/api/admin/settings', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      profile: { name: 'Ada Admin', email: admin.email },
      theme: { theme: 'dark', accentColor: 'blue', sidebarCollapsed: false },
      notifications: {
        emailNotifications: true,
        pushNotifications: true,
        newUserAlerts: true,
        newPromptAlerts: true,
        paymentAlerts: true,
        systemAlerts: true,
        weeklyReports: true,
        monthlyReports: true,
      },
      security: { twoFactorAuth: false, loginAlerts: true, sessionTimeout: '24', ipWhitelist: '' },
    });
  });

  it('saves each section for this admin only, and audits it', async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const saved = await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { theme: THEME },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.theme).toEqual(THEME);
    expect((await call({ url: '/api/admin/settings', token: admin.token })).json().data.theme).toEqual(THEME);
    expect(
      (await call({ url: '/api/admin/settings', token: other.token })).json().data.theme.accentColor,
    ).toBe('blue');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_id', '=', admin.id)
      .where('action', '=', 'settings.theme')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ accentColor: 'blue' });
    expect(JSON.parse(audit.after!)).toMatchObject({ accentColor: 'green' });
  });

  it('refuses values outside the options', async () => {
    const admin = await signedInAdmin();
    const res = await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { security: { ...SECURITY, sessionTimeout: '2' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Session timeout must be 1, 4, 8, 24 or 168 hours');
    const empty = await call({ method: 'PUT', url: '/api/admin/settings', token: admin.token, payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('profile and password', () => {
  const profile = (token: string, body: object) =>
    call({ method: 'PUT', url: '/api/admin/settings', token, payload: { profile: body } });

  it('changes name and e-mail, keeping e-mails unique', async () => {
    const admin = await signedInAdmin();
    const other = await newAdmin();
    const taken = await profile(admin.token, { name: 'Ada', email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([
      { field: 'email', message: 'An account with this email already exists' },
    ]);
    const newEmail = freshEmail('renamed');
    const ok = await profile(admin.token, { name: '  Ada Lovelace ', email: newEmail });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile).toEqual({ name: 'Ada Lovelace', email: newEmail });
    expect((await adminLogin(newEmail, admin.password)).statusCode).toBe(200);
  });

  it("checks the current password, the length and the confirmation with the spec's messages", async () => {
    const admin = await signedInAdmin();
    const base = { name: 'Ada Admin', email: admin.email };
    const short = await profile(admin.token, {
      ...base,
      currentPassword: admin.password,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const mismatch = await profile(admin.token, {
      ...base,
      currentPassword: admin.password,
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-2',
    });
    expect(mismatch.json().message).toBe("New passwords don't match");
    const wrong = await profile(admin.token, {
      ...base,
      currentPassword: 'not-my-password',
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    expect((await adminLogin(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('changes the password, signs out the other sessions and keeps it out of the audit log', async () => {
    const admin = await signedInAdmin();
    const second = (await adminLogin(admin.email, admin.password)).json().data.token as string;
    const res = await profile(admin.token, {
      name: 'Ada Admin',
      email: admin.email,
      currentPassword: admin.password,
      newPassword: 'brand-new-password-9',
      confirmPassword: 'brand-new-password-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await call({ url: '/api/admin/settings', token: admin.token })).statusCode).toBe(200);
    expect((await call({ url: '/api/admin/settings', token: second })).statusCode).toBe(401);
    expect((await adminLogin(admin.email, admin.password)).statusCode).toBe(401);
    expect((await adminLogin(admin.email, 'brand-new-password-9')).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_id', '=', admin.id)
      .execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('brand-new-password-9');
    expect(text).not.toContain(admin.password);
    expect(rows.find((r) => r.action === 'settings.profile')?.after).toContain('"password":"changed"');
  });
});

describe('session timeout', () => {
  it('makes admin-panel tokens last the chosen hours', async () => {
    const admin = await signedInAdmin();
    await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { security: { ...SECURITY, sessionTimeout: '1' } },
    });
    const before = Date.now();
    const token = (await adminLogin(admin.email, admin.password)).json().data.token as string;
    const exp = decodeJwt(token).exp! * 1000;
    expect(exp - before).toBeGreaterThan(59 * 60_000);
    expect(exp - before).toBeLessThanOrEqual(61 * 60_000);
    const session = await t.database.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('user_id', '=', admin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at) - before).toBeLessThanOrEqual(61 * 60_000);
  });

  it('shortens live admin sessions when lowered, so an old sign-in expires', async () => {
    const admin = await signedInAdmin();
    const old = (await adminLogin(admin.email, admin.password)).json().data.token as string;
    // The older sign-in began three hours ago.
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    const sid = decodeJwt(old).sid as string;
    await t.database.db
      .updateTable('auth_sessions')
      .set({ created_at: threeHoursAgo })
      .where('id', '=', sid)
      .execute();
    expect((await call({ url: '/api/admin/settings', token: old })).statusCode).toBe(200);
    const res = await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { security: { ...SECURITY, sessionTimeout: '1' } },
    });
    expect(res.statusCode).toBe(200);
    const expired = await call({ url: '/api/admin/settings', token: old });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please log in again.');
    expect((await call({ url: '/api/admin/settings', token: admin.token })).statusCode).toBe(200);
  });
});

describe('login alerts', () => {
  it('e-mails the admin on each admin sign-in with address, browser and time, unless turned off', async () => {
    const admin = await newAdmin();
    const first = await adminLogin(admin.email, admin.password, { ip: '198.51.100.23' });
    expect(first.statusCode).toBe(200);
    const mails = await outboxFor(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-in to the Promptforge admin panel');
    expect(mails[0]!.text_body).toContain('Address: 198.51.100.23');
    expect(mails[0]!.text_body).toContain('Browser: SettingsTest/1.0');
    expect(mails[0]!.text_body).toMatch(/Time: \d{4}-\d\d-\d\dT/);

    await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: first.json().data.token,
      ip: '198.51.100.23',
      payload: { security: { ...SECURITY, loginAlerts: false } },
    });
    expect((await adminLogin(admin.email, admin.password)).statusCode).toBe(200);
    expect(await outboxFor(admin.email)).toHaveLength(1);
  });
});

describe('IP whitelist', () => {
  const save = (token: string, ipWhitelist: string, ip: string) =>
    call({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      ip,
      payload: { security: { ...SECURITY, ipWhitelist } },
    });

  it('names a bad entry', async () => {
    const admin = await signedInAdmin();
    const res = await save(admin.token, '127.0.0.1, 10.0.0.300', '127.0.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"10.0.0.300" is not a valid IP address or CIDR range');
  });

  it('refuses a list that would lock out the admin saving it', async () => {
    const admin = await signedInAdmin();
    const res = await save(admin.token, '10.0.0.0/8', '203.0.113.9');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This list would lock you out: add your current address (203.0.113.9) to it, or leave the list empty.',
    );
    expect(
      (await call({ url: '/api/admin/settings', token: admin.token })).json().data.security.ipWhitelist,
    ).toBe('');
  });

  it("refuses that admin's calls and sign-ins from other addresses, and only that admin's", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const saved = await save(admin.token, '203.0.113.0/24, 2001:db8::/32', '203.0.113.9');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.security.ipWhitelist).toBe('203.0.113.0/24, 2001:db8::/32');

    expect(
      (await call({ url: '/api/admin/settings', token: admin.token, ip: '203.0.113.200' })).statusCode,
    ).toBe(200);
    expect(
      (await call({ url: '/api/admin/settings', token: admin.token, ip: '2001:db8::5' })).statusCode,
    ).toBe(200);
    const refused = await call({ url: '/api/admin/settings', token: admin.token, ip: '198.51.100.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Access from your address (198.51.100.1) is not allowed by this admin account's IP whitelist.",
    );
    // Every admin endpoint, not just settings.
    expect(
      (await call({ url: '/api/admin/session', token: admin.token, ip: '198.51.100.1' })).statusCode,
    ).toBe(403);
    expect((await call({ url: '/api/admin/audit', token: admin.token, ip: '198.51.100.1' })).statusCode).toBe(
      403,
    );
    expect((await adminLogin(admin.email, admin.password, { ip: '198.51.100.1' })).statusCode).toBe(403);
    expect((await adminLogin(admin.email, admin.password, { ip: '203.0.113.50' })).statusCode).toBe(200);
    expect(
      (await call({ url: '/api/admin/settings', token: other.token, ip: '198.51.100.1' })).statusCode,
    ).toBe(200);
  });
});

describe('two-factor authentication', () => {
  const codeAt = (secret: string, offsetSteps = 0) =>
    totpAt(base32Decode(secret), Date.now() + offsetSteps * 30_000);

  async function enable2fa() {
    const admin = await signedInAdmin();
    const setup = await call({ method: 'POST', url: '/api/admin/settings/2fa/setup', token: admin.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(admin.email));
    // Use the previous step to confirm, so a sign-in right after has a fresh (current) step.
    const enabled = await call({
      method: 'POST',
      url: '/api/admin/settings/2fa/enable',
      token: admin.token,
      payload: { code: codeAt(secret, -1) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.security.twoFactorAuth).toBe(true);
    return { ...admin, secret };
  }

  it('is turned on only with a valid code from the new key', async () => {
    const admin = await signedInAdmin();
    const { secret } = (
      await call({ method: 'POST', url: '/api/admin/settings/2fa/setup', token: admin.token })
    ).json().data;
    const wrong = await call({
      method: 'POST',
      url: '/api/admin/settings/2fa/enable',
      token: admin.token,
      payload: { code: codeAt(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not valid. Check your authenticator app and try again.');
    expect(
      (await call({ url: '/api/admin/settings', token: admin.token })).json().data.security.twoFactorAuth,
    ).toBe(false);
    // Without it, signing in needs no code.
    expect((await adminLogin(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('asks for a code at sign-in, refuses a wrong one and a replayed one', async () => {
    const admin = await enable2fa();
    const noCode = await adminLogin(admin.email, admin.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'Enter the 6-digit code from your authenticator app to sign in.',
      details: [{ field: 'code', message: 'Enter the 6-digit code from your authenticator app to sign in.' }],
    });
    const wrong = await adminLogin(admin.email, admin.password, { code: codeAt(admin.secret, 10) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('That code is not valid. Check your authenticator app and try again.');
    // A wrong password never reaches the code check.
    expect(
      (await adminLogin(admin.email, 'wrong-password', { code: codeAt(admin.secret) })).json().message,
    ).toBe('Invalid email or password');

    const code = codeAt(admin.secret);
    const ok = await adminLogin(admin.email, admin.password, { code });
    expect(ok.statusCode).toBe(200);
    expect((await call({ url: '/api/admin/settings', token: ok.json().data.token })).statusCode).toBe(200);
    const replay = await adminLogin(admin.email, admin.password, { code });
    expect(replay.statusCode).toBe(401);
    // An older code than the one used is refused too.
    expect(
      (await adminLogin(admin.email, admin.password, { code: codeAt(admin.secret, -1) })).statusCode,
    ).toBe(401);
  });

  it('rate limits wrong codes', async () => {
    const admin = await enable2fa();
    for (let i = 0; i < 5; i++) {
      expect((await adminLogin(admin.email, admin.password, { code: '000000' })).statusCode).toBe(401);
    }
    const limited = await adminLogin(admin.email, admin.password, { code: codeAt(admin.secret, 1) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMIT_ERROR');
  });

  it('is turned off only with a valid code, and audited without the secret', async () => {
    const admin = await enable2fa();
    const setupAgain = await call({
      method: 'POST',
      url: '/api/admin/settings/2fa/setup',
      token: admin.token,
    });
    expect(setupAgain.statusCode).toBe(400);
    const wrong = await call({
      method: 'POST',
      url: '/api/admin/settings/2fa/disable',
      token: admin.token,
      payload: { code: '12345' },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await call({
      method: 'POST',
      url: '/api/admin/settings/2fa/disable',
      token: admin.token,
      payload: { code: codeAt(admin.secret, 1) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.security.twoFactorAuth).toBe(false);
    expect((await adminLogin(admin.email, admin.password)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_id', '=', admin.id)
      .execute();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['settings.2fa.enable', 'settings.2fa.disable']),
    );
    expect(JSON.stringify(rows)).not.toContain(admin.secret);
  });
});

describe('admin alerts', () => {
  async function resetAdmins() {
    // Only this test's admins should receive alerts.
    await t.database.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute();
  }

  it('e-mail active admins who enabled the alert, and never throw', async () => {
    await resetAdmins();
    const wants = await signedInAdmin();
    const noAlert = await signedInAdmin();
    const noEmail = await signedInAdmin();
    const suspended = await newAdmin();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.id)
      .execute();
    const notifications = {
      emailNotifications: true,
      pushNotifications: true,
      newUserAlerts: true,
      newPromptAlerts: true,
      paymentAlerts: true,
      systemAlerts: true,
      weeklyReports: true,
      monthlyReports: true,
    };
    await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: noAlert.token,
      payload: { notifications: { ...notifications, newUserAlerts: false } },
    });
    await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: noEmail.token,
      payload: { notifications: { ...notifications, emailNotifications: false } },
    });

    const userEmail = freshEmail('newcomer');
    const registered = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New Comer', email: userEmail, password: 'user-password-1' },
    });
    expect(registered.statusCode).toBe(201);
    const alert = (to: string) =>
      outboxFor(to).then((rows) => rows.filter((r) => r.subject.startsWith('New user')));
    const [mail] = await alert(wants.email);
    expect(mail?.subject).toBe('New user registration: New Comer');
    expect(mail?.text_body).toContain(userEmail);
    expect(await alert(noAlert.email)).toHaveLength(0);
    expect(await alert(noEmail.email)).toHaveLength(0);
    expect(await alert(suspended.email)).toHaveLength(0);

    // New-prompt alerts follow their own flag: the admin without new-user alerts still gets them.
    const token = registered.json().data.token as string;
    const created = await call({
      method: 'POST',
      url: '/api/user/prompts',
      token,
      payload: {
        title: 'Alerting prompt',
        description: 'A prompt that should alert the admins',
        content: 'You are a helpful assistant who writes haiku about [topic].',
        category: 'writing',
        tags: 'poetry',
        isPaid: false,
        status: 'published',
      },
    });
    expect(created.statusCode).toBe(201);
    const promptAlert = (to: string) =>
      outboxFor(to).then((rows) => rows.filter((r) => r.subject === 'New prompt published: Alerting prompt'));
    expect(await promptAlert(wants.email)).toHaveLength(1);
    expect(await promptAlert(noAlert.email)).toHaveLength(1);
    expect(await promptAlert(noEmail.email)).toHaveLength(0);

    // A draft published later alerts once, when it goes live.
    const draft = await call({
      method: 'POST',
      url: '/api/user/prompts',
      token,
      payload: {
        title: 'Drafted prompt',
        description: 'A prompt saved as a draft first',
        content: 'You are a helpful assistant who explains [topic] simply.',
        category: 'education',
        isPaid: false,
        status: 'draft',
      },
    });
    const draftAlert = (to: string) =>
      outboxFor(to).then((rows) => rows.filter((r) => r.subject === 'New prompt published: Drafted prompt'));
    expect(await draftAlert(wants.email)).toHaveLength(0);
    const id = draft.json().data.prompt.id as string;
    await call({ method: 'POST', url: `/api/user/prompts/${id}/publish`, token });
    await call({ method: 'POST', url: `/api/user/prompts/${id}/publish`, token });
    expect(await draftAlert(wants.email)).toHaveLength(1);
  });

  it('log a failing mailer instead of throwing', async () => {
    await resetAdmins();
    await newAdmin();
    const errors: unknown[] = [];
    const failing: Mailer = {
      mode: 'smtp',
      send: () => Promise.reject(new Error('SMTP down')),
      wake: () => undefined,
      close: () => undefined,
    };
    const sent = await notifyAdmins(
      { db: t.database.db, mailer: failing, log: { error: (obj: unknown) => errors.push(obj) } as never },
      'payment',
      { subject: 'Payment received', text: 'A payment' },
    );
    expect(sent).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it('build the weekly report from the period only', async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const before = await buildAdminReport(t.database.db, 'weekly', now);
    await insertUser(t.database.db, {
      created_at: daysAgo(2),
      password_hash: await hashPassword('x-password-1'),
    });
    await insertUser(t.database.db, { created_at: daysAgo(20) });
    const weekly = await buildAdminReport(t.database.db, 'weekly', now);
    const monthly = await buildAdminReport(t.database.db, 'monthly', now);
    expect(weekly.newUsers).toBe(before.newUsers + 1);
    expect(monthly.newUsers).toBeGreaterThanOrEqual(weekly.newUsers + 1);
  });
});
