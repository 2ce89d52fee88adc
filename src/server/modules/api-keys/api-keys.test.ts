import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../../shared/api-keys';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import { apiHelpers } from '../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { newId, nowIso } from '../../lib/time';

/*
 * API keys (issue 59) on both engines: only a plan with API access makes them; a key is shown once,
 * stored hashed, works within its scopes on the endpoints that take keys, until it is revoked or
 * expires or its plan loses API access, and is limited per key.
 */

let t: TestApp;
const { call, signUp, signInAdmin } = apiHelpers(() => t);
let admin: { token: string };
let apiPlanId: string;

const RATE = 40;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', API_KEY_RATE_LIMIT: String(RATE) },
  });
  admin = await signInAdmin();
  const res = await call('POST', '/api/admin/plans', admin.token, {
    name: 'Business',
    description: 'With API access',
    price: { monthly: 99 },
    limits: { playgroundSessions: -1, apiAccess: true },
  });
  apiPlanId = res.json().data.plan.id;
});
afterAll(() => t.close());

/** A signed-up user on the plan with API access. */
async function apiUser(name = 'Kim Keys') {
  const user = await signUp(name);
  await insertSubscription(t.database.db, user.id, apiPlanId);
  return user;
}

async function makeKey(token: string, body: object = {}) {
  const res = await call('POST', '/api/user/api-keys', token, {
    name: 'CI',
    scopes: ['library:read'],
    expiresInDays: 30,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { key: { id: string; prefix: string; scopes: string[] }; token: string };
}

describe('making a key', () => {
  it('is refused on a plan without API access, with a message that says so', async () => {
    const free = await signUp();
    const res = await call('POST', '/api/user/api-keys', free.token, {
      name: 'CI',
      scopes: ['library:read'],
      expiresInDays: 30,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'AUTHORIZATION_ERROR',
      message: API_KEY_MESSAGES.noApiAccess,
    });
    const list = await call('GET', '/api/user/api-keys', free.token);
    expect(list.json().data).toEqual({ keys: [], apiAccess: false });
  });

  it('needs a session, a name, a scope and a known expiry', async () => {
    const user = await apiUser();
    expect((await call('POST', '/api/user/api-keys', undefined, { name: 'x' })).statusCode).toBe(401);
    for (const body of [
      { name: ' ', scopes: ['library:read'], expiresInDays: 30 },
      { name: 'A', scopes: [], expiresInDays: 30 },
      { name: 'A', scopes: ['admin:all'], expiresInDays: 30 },
      { name: 'A', scopes: ['library:read'], expiresInDays: 5 },
      // A direction override would make a key's name lie about itself in the list.
      { name: 'CI\u202Eyek', scopes: ['library:read'], expiresInDays: 30 },
    ]) {
      const res = await call('POST', '/api/user/api-keys', user.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('shows the token once and stores only its SHA-256', async () => {
    const user = await apiUser();
    const { key, token } = await makeKey(user.token, { scopes: ['prompts:manage', 'library:read'] });
    expect(token).toMatch(/^pf_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(key.prefix)).toBe(true);
    expect(key.scopes).toEqual(['library:read', 'prompts:manage']);
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await call('GET', '/api/user/api-keys', user.token);
    expect(list.body).not.toContain(token);
    expect(list.json().data.keys).toMatchObject([{ id: key.id, status: 'active', lastUsedAt: null }]);
  });
});

describe('using a key', () => {
  it('speaks for its owner on the endpoints its scopes allow, and notes when it was last used', async () => {
    const user = await apiUser('Rea Reader');
    const { key, token } = await makeKey(user.token);
    const me = await call('GET', '/api/auth/me', token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user.id).toBe(user.id);
    expect((await call('GET', '/api/user/prompts', token)).statusCode).toBe(200);
    const list = await call('GET', '/api/user/api-keys', user.token);
    expect(list.json().data.keys.find((k: { id: string }) => k.id === key.id).lastUsedAt).not.toBeNull();
  });

  it('is refused outside its scopes and on endpoints that take no keys, with the envelope', async () => {
    const user = await apiUser();
    const { token } = await makeKey(user.token);
    const write = await call('POST', '/api/user/prompts', token, {
      title: 'From a script',
      description: 'Made with an API key',
      content: 'Write about [topic] in three lines.',
      category: 'writing',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      success: false,
      code: 'AUTHORIZATION_ERROR',
      message: API_KEY_MESSAGES.missingScope('prompts:manage'),
    });
    expect(typeof write.json().requestId).toBe('string');
    const chat = await call('POST', '/api/playground/chat', token, { message: 'Hi', model: 'claude' });
    expect(chat.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/user/settings'],
      ['GET', '/api/user/api-keys'],
      ['POST', '/api/user/api-keys'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/admin/plans'],
      ['GET', '/api/user/dashboard'],
    ] as const) {
      const res = await call(method, url, token, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_KEY_MESSAGES.notForKeys);
    }
  });

  it('writes prompts with prompts:manage and chats with playground:use', async () => {
    const user = await apiUser();
    const { token } = await makeKey(user.token, { scopes: ['prompts:manage', 'playground:use'] });
    const write = await call('POST', '/api/user/prompts', token, {
      title: 'From a script',
      description: 'Made with an API key',
      content: 'Write about [topic] in three lines.',
      category: 'writing',
    });
    expect(write.statusCode, write.body).toBe(201);
    const chat = await call('POST', '/api/playground/chat', token, {
      message: 'Hello there',
      model: 'claude',
    });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json().data.response.length).toBeGreaterThan(0);
  });

  it("gives a premium prompt's text only to a key whose owner bought it", async () => {
    const author = await signUp('Ari Author');
    const prompt = await insertPrompt(t.database.db, author.id, {
      type: 'premium',
      price_minor: 500,
      content: 'SECRET premium instructions for [topic].',
    });
    const buyer = await apiUser('Bo Buyer');
    const other = await apiUser('Ola Other');
    await t.database.db
      .insertInto('purchases')
      .values({
        id: newId(),
        prompt_id: prompt.id,
        buyer_id: buyer.id,
        payment_id: null,
        amount_minor: 500,
        creator_share_minor: 400,
        currency: 'USD',
        revoked_at: null,
        created_at: nowIso(),
      })
      .execute();
    const read = async (token: string) => call('GET', `/api/marketplace/prompts/${prompt.id}`, token);
    const bought = await read((await makeKey(buyer.token)).token);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.content).toBe('SECRET premium instructions for [topic].');
    const notBought = await read((await makeKey(other.token)).token);
    expect(notBought.statusCode).toBe(200);
    expect(notBought.json().data.content).toBeNull();
  });
});

describe('a key stops working', () => {
  it('at once when revoked, and only its owner may revoke it', async () => {
    const user = await apiUser();
    const stranger = await apiUser('Sam Stranger');
    const { key, token } = await makeKey(user.token);
    expect((await call('DELETE', `/api/user/api-keys/${key.id}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/user/api-keys/${key.id}`, user.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    const after = await call('GET', '/api/auth/me', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'AUTHENTICATION_ERROR', message: API_KEY_MESSAGES.invalid });
    // Revoking again answers the revoked key.
    expect((await call('DELETE', `/api/user/api-keys/${key.id}`, user.token)).json().data.status).toBe(
      'revoked',
    );
  });

  it('when it expires', async () => {
    const user = await apiUser();
    const { key, token } = await makeKey(user.token);
    await t.database.db
      .updateTable('api_keys')
      .set({ created_at: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', key.id)
      .execute();
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    const list = await call('GET', '/api/user/api-keys', user.token);
    expect(list.json().data.keys[0].status).toBe('expired');
  });

  it('when its plan loses API access, and when its owner is suspended', async () => {
    const plan = await call('POST', '/api/admin/plans', admin.token, {
      name: 'Short lived',
      description: 'API for now',
      price: { monthly: 50 },
      limits: { apiAccess: true },
    });
    const planId = plan.json().data.plan.id as string;
    const user = await signUp();
    await insertSubscription(t.database.db, user.id, planId);
    const { token } = await makeKey(user.token);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    await call('PUT', `/api/admin/plans/${planId}`, admin.token, { limits: { apiAccess: false } });
    const refused = await call('GET', '/api/auth/me', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_MESSAGES.noApiAccess);

    const other = await apiUser();
    const second = await makeKey(other.token);
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', other.id)
      .execute();
    expect((await call('GET', '/api/auth/me', second.token)).statusCode).toBe(401);
  });

  it('past its calls a minute, per key', async () => {
    const user = await apiUser();
    const first = await makeKey(user.token);
    const second = await makeKey(user.token, { name: 'Other' });
    for (let i = 0; i < RATE; i++) {
      expect((await call('GET', '/api/auth/me', first.token)).statusCode).toBe(200);
    }
    const limited = await call('GET', '/api/auth/me', first.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMIT_ERROR');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/api/auth/me', second.token)).statusCode).toBe(200);
  });

  it('for a made-up token', async () => {
    const res = await call('GET', '/api/auth/me', `pf_${crypto.randomBytes(32).toString('base64url')}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTHENTICATION_ERROR');
  });
});

describe('/api/docs', () => {
  it('documents the API key scheme and which endpoints take which scope', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Bearer pf_');
    expect(doc.paths['/api/user/prompts'].post.security).toContainEqual({ apiKeyAuth: ['prompts:manage'] });
    expect(doc.paths['/api/playground/chat'].post.security).toContainEqual({
      apiKeyAuth: ['playground:use'],
    });
    expect(JSON.stringify(doc.paths['/api/user/settings'].get.security)).not.toContain('apiKeyAuth');
  });
});
