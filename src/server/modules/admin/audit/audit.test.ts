import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { recordAudit } from '../../../lib/audit';
import { newId } from '../../../lib/time';
import { apiHelpers } from '../../../../../tests/support/api';

/* The audit log and the Contact Sales inbox of the admin panel. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' },
  });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

interface Call {
  method?: 'GET' | 'PUT' | 'POST';
  url: string;
  token?: string;
  payload?: object;
}
const call = ({ method = 'GET', url, token, payload }: Call) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

const signedInAdmin = () => h.signInAdmin();

async function insertMessage(overrides: { status?: string; created_at?: string; name?: string } = {}) {
  const id = newId();
  await t.database.db
    .insertInto('contact_messages')
    .values({
      id,
      name: overrides.name ?? 'Grace Buyer',
      email: 'grace@example.test',
      company: 'Hopper Inc',
      message: 'We would like a team plan for 40 people.',
      status: overrides.status ?? 'new',
      created_at: overrides.created_at ?? new Date().toISOString(),
    })
    .execute();
  return id;
}

describe('who may read the audit log and the messages', () => {
  const endpoints: Call[] = [
    { url: '/api/admin/audit' },
    { url: '/api/admin/contact-messages' },
    { method: 'PUT', url: '/api/admin/contact-messages/some-id', payload: { status: 'read' } },
  ];

  it.each(endpoints)('$url: 401 without a token', async (endpoint) => {
    expect((await call(endpoint)).statusCode).toBe(401);
  });

  it.each(endpoints)("$url: 403 with a user's web token", async (endpoint) => {
    const user = await h.signUp('Regular User');
    expect((await call({ ...endpoint, token: user.token })).statusCode).toBe(403);
  });

  it.each(endpoints)('$url: 403 with the admin-panel token of a demoted admin', async (endpoint) => {
    const admin = await signedInAdmin();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.id).execute();
    expect((await call({ ...endpoint, token: admin.token })).statusCode).toBe(403);
  });

  it.each(endpoints)('$url: 401 for a suspended admin', async (endpoint) => {
    const admin = await signedInAdmin();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', admin.id)
      .execute();
    expect((await call({ ...endpoint, token: admin.token })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first with before and after, filtered by action group and actor', async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const db = t.database.db;
    await recordAudit(db, {
      actor: { id: admin.id, email: admin.email },
      action: 'user.status',
      targetType: 'user',
      targetId: 'u1',
      before: { status: 'active' },
      after: { status: 'suspended' },
      ip: '127.0.0.1',
    });
    await db
      .updateTable('audit_log')
      .set({ created_at: at(10) })
      .where('target_id', '=', 'u1')
      .execute();
    await recordAudit(db, {
      actor: { id: other.id, email: other.email },
      action: 'plan.delete',
      targetType: 'plan',
      targetId: 'p1',
      before: { name: 'Gold' },
    });
    const saved = await call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { theme: { theme: 'light', accentColor: 'orange', sidebarCollapsed: false } },
    });
    expect(saved.statusCode).toBe(200);

    const all = await call({
      url: `/api/admin/audit?actor=${encodeURIComponent(admin.email)}`,
      token: admin.token,
    });
    expect(all.statusCode).toBe(200);
    const data = all.json().data;
    expect(data.entries.map((e: { action: string }) => e.action)).toEqual(['settings.theme', 'user.status']);
    expect(data.entries[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      targetType: 'user',
      targetId: 'u1',
      before: { status: 'active' },
      after: { status: 'suspended' },
      ip: '127.0.0.1',
    });
    expect(data.actions).toEqual(expect.arrayContaining(['plan.delete', 'settings.theme', 'user.status']));
    expect(data.pagination).toEqual({ page: 1, limit: 25, total: 2, pages: 1 });

    const plans = await call({ url: '/api/admin/audit?action=plan', token: admin.token });
    expect(plans.json().data.entries.map((e: { targetId: string }) => e.targetId)).toEqual(['p1']);
    const exact = await call({ url: '/api/admin/audit?action=settings.theme', token: admin.token });
    expect(exact.json().data.entries.every((e: { action: string }) => e.action === 'settings.theme')).toBe(
      true,
    );
    // Part of an e-mail, any case.
    const byActor = await call({
      url: `/api/admin/audit?actor=${encodeURIComponent(other.email.slice(0, 8).toUpperCase())}`,
      token: admin.token,
    });
    expect(byActor.json().data.entries.map((e: { action: string }) => e.action)).toEqual(['plan.delete']);
  });

  it('pages and validates its query', async () => {
    const admin = await signedInAdmin();
    const page = await call({ url: '/api/admin/audit?limit=1&page=2', token: admin.token });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.entries).toHaveLength(1);
    expect(page.json().data.pagination).toMatchObject({ page: 2, limit: 1 });
    const bad = await call({ url: '/api/admin/audit?limit=500', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Limit must be at most 100');
  });
});

describe('contact messages', () => {
  it('lists messages newest first with counts per status, and filters by status', async () => {
    const admin = await signedInAdmin();
    await t.database.db.deleteFrom('contact_messages').execute();
    await insertMessage({ name: 'Oldest', created_at: new Date(Date.now() - 3600_000).toISOString() });
    await insertMessage({ name: 'Read one', status: 'read' });
    await insertMessage({ name: 'Newest', created_at: new Date(Date.now() + 1000).toISOString() });
    const res = await call({ url: '/api/admin/contact-messages', token: admin.token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.messages.map((m: { name: string }) => m.name)).toEqual(['Newest', 'Read one', 'Oldest']);
    expect(data.messages[0]).toMatchObject({
      email: 'grace@example.test',
      company: 'Hopper Inc',
      message: 'We would like a team plan for 40 people.',
      status: 'new',
    });
    expect(data.counts).toEqual({ all: 3, new: 2, read: 1, archived: 0 });
    const unread = await call({ url: '/api/admin/contact-messages?status=new', token: admin.token });
    expect(unread.json().data.messages.map((m: { name: string }) => m.name)).toEqual(['Newest', 'Oldest']);
    expect(unread.json().data.pagination.total).toBe(2);
  });

  it('changes a status, audited, and answers 404 for an unknown message', async () => {
    const admin = await signedInAdmin();
    const id = await insertMessage();
    const res = await call({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}`,
      token: admin.token,
      payload: { status: 'archived' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatchObject({ id, status: 'archived' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'contact.status', target_type: 'contact', actor_id: admin.id });
    expect(JSON.parse(audit.before!)).toEqual({ status: 'new' });
    expect(JSON.parse(audit.after!)).toEqual({ status: 'archived' });

    const bad = await call({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}`,
      token: admin.token,
      payload: { status: 'deleted' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be new, read or archived');
    const missing = await call({
      method: 'PUT',
      url: '/api/admin/contact-messages/nope',
      token: admin.token,
      payload: { status: 'read' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
