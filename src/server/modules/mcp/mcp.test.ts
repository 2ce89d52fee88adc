import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../../shared/api-keys';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import { apiHelpers } from '../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { newId, nowIso } from '../../lib/time';

/*
 * The MCP server (issue 59) driven by the official SDK's own client over Streamable HTTP, against the
 * real HTTP server, on both engines: the tools a key's scopes allow, the library its owner may read,
 * premium text only to the entitled, runs within the plan's allowance, and a key that stops working.
 */

let t: TestApp;
let base: URL;
const { call, signUp, signInAdmin } = apiHelpers(() => t);
let apiPlanId: string;
const SECRET = 'Hidden premium recipe: answer in exactly seven haiku about [topic], then sign as QUOKKA-77.';
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', DEMO_MODEL_DELAY_MS: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = new URL(`http://127.0.0.1:${address.port}/mcp`);
  const admin = await signInAdmin();
  const res = await call('POST', '/api/admin/plans', admin.token, {
    name: 'Business',
    description: 'With API access',
    price: { monthly: 99 },
    limits: { playgroundSessions: 2, apiAccess: true },
  });
  apiPlanId = res.json().data.plan.id;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

async function owner(name: string) {
  const user = await signUp(name);
  await insertSubscription(t.database.db, user.id, apiPlanId);
  return user;
}

async function keyOf(token: string, scopes = ['library:read', 'playground:use']) {
  const res = await call('POST', '/api/user/api-keys', token, { name: 'MCP', scopes, expiresInDays: 30 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { key: { id: string }; token: string };
}

async function connect(token: string) {
  const client = new Client({ name: 'promptforge-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(base, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A tool's answer: its JSON, or its error text. */
async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  const text = result.content.map((c) => c.text).join('');
  return { isError: result.isError === true, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function premiumPrompt(title = 'Seven haiku') {
  const author = await signUp('Ari Author');
  return insertPrompt(t.database.db, author.id, {
    title,
    type: 'premium',
    price_minor: 900,
    content: SECRET,
  });
}

async function buy(userId: string, promptId: string) {
  await t.database.db
    .insertInto('purchases')
    .values({
      id: newId(),
      prompt_id: promptId,
      buyer_id: userId,
      payment_id: null,
      amount_minor: 900,
      creator_share_minor: 720,
      currency: 'USD',
      revoked_at: null,
      created_at: nowIso(),
    })
    .execute();
}

describe('who may connect', () => {
  it('needs an API key: none, a made-up one and a web session token are refused with the envelope', async () => {
    const user = await owner('Una');
    for (const authorization of [undefined, 'Bearer pf_madeup', `Bearer ${user.token}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          ...(authorization ? { authorization } : {}),
          accept: 'application/json, text/event-stream',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_ERROR' });
    }
    await expect(connect('pf_madeup')).rejects.toThrow();
  });

  it('refuses a key whose plan has no API access', async () => {
    const user = await owner('Lapsed');
    const { token } = await keyOf(user.token);
    await t.database.db.deleteFrom('subscriptions').where('user_id', '=', user.id).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_MESSAGES.noApiAccess);
  });

  it('offers the tools of the key’s scopes only', async () => {
    const user = await owner('Scoped');
    const names = async (scopes: string[]) =>
      (await (await connect((await keyOf(user.token, scopes)).token)).listTools()).tools
        .map((x) => x.name)
        .sort();
    expect(await names(['library:read', 'playground:use'])).toEqual([
      'fill_prompt',
      'get_prompt',
      'list_models',
      'list_prompts',
      'run_prompt',
      'search_marketplace',
    ]);
    expect(await names(['library:read'])).toEqual([
      'fill_prompt',
      'get_prompt',
      'list_prompts',
      'search_marketplace',
    ]);
    const manageOnly = await keyOf(user.token, ['prompts:manage']);
    await expect(connect(manageOnly.token)).rejects.toThrow();
  });

  it('stops at the next message once the key is revoked', async () => {
    const user = await owner('Rev');
    const { key, token } = await keyOf(user.token);
    const client = await connect(token);
    expect((await tool(client, 'list_prompts')).isError).toBe(false);
    await call('DELETE', `/api/user/api-keys/${key.id}`, user.token);
    await expect(tool(client, 'list_prompts')).rejects.toThrow(/401/);
  });
});

describe('the library over MCP', () => {
  it('searches the marketplace and lists the owner’s own and bought prompts, not others’', async () => {
    const user = await owner('Lib');
    const mine = await insertPrompt(t.database.db, user.id, {
      title: 'Zebra naming helper',
      status: 'draft',
    });
    const bought = await premiumPrompt('Bought premium prompt');
    const notBought = await premiumPrompt('Someone else’s premium prompt');
    await buy(user.id, bought.id);
    const other = await signUp('Other author');
    const public1 = await insertPrompt(t.database.db, other.id, { title: 'Walrus weekly planner' });
    const client = await connect((await keyOf(user.token)).token);

    const found = (await tool(client, 'search_marketplace', { search: 'walrus' })).json();
    expect((found.prompts as { id: string }[]).map((p) => p.id)).toContain(public1.id);

    const library = (await tool(client, 'list_prompts')).json() as {
      own: { id: string }[];
      bought: { id: string }[];
    };
    expect(library.own.map((p) => p.id)).toEqual([mine.id]);
    expect(library.bought.map((p) => p.id)).toEqual([bought.id]);
    expect(JSON.stringify(library)).not.toContain(notBought.id);
  });

  it('fills a free prompt’s variables', async () => {
    const user = await owner('Filler');
    const author = await signUp('Free author');
    const free = await insertPrompt(t.database.db, author.id, {
      content: 'Write a limerick about {{animal}} in [city].',
    });
    const client = await connect((await keyOf(user.token)).token);
    const got = (await tool(client, 'get_prompt', { id: free.id })).json();
    expect(got).toMatchObject({ content: free.content, variables: ['animal', 'city'], access: 'free' });
    const filled = await tool(client, 'fill_prompt', {
      id: free.id,
      variables: { animal: 'otters', city: 'Oslo' },
    });
    expect(filled.json().text).toBe('Write a limerick about otters in Oslo.');
  });

  it('gives premium text to its buyer only: get, fill and run keep it from everyone else', async () => {
    const prompt = await premiumPrompt();
    const buyer = await owner('Buyer');
    await buy(buyer.id, prompt.id);
    const stranger = await owner('Stranger');
    const asBuyer = await connect((await keyOf(buyer.token)).token);
    const asStranger = await connect((await keyOf(stranger.token)).token);

    expect((await tool(asBuyer, 'get_prompt', { id: prompt.id })).json()).toMatchObject({
      content: SECRET,
      access: 'purchased',
    });
    expect(
      (await tool(asBuyer, 'fill_prompt', { id: prompt.id, variables: { topic: 'tea' } })).json().text,
    ).toContain('seven haiku about tea');

    const seen: string[] = [];
    const got = await tool(asStranger, 'get_prompt', { id: prompt.id });
    seen.push(got.text);
    expect(got.json()).toMatchObject({ content: null, access: 'locked', triesLeft: 3 });
    const fill = await tool(asStranger, 'fill_prompt', { id: prompt.id, variables: { topic: 'tea' } });
    seen.push(fill.text);
    expect(fill.isError).toBe(true);
    expect(fill.text).toContain('AUTHORIZATION_ERROR');
    const run = await tool(asStranger, 'run_prompt', { id: prompt.id, variables: { topic: 'tea' } });
    seen.push(run.text);
    expect(run.isError, run.text).toBe(false);
    expect(run.json().reply).toEqual(expect.any(String));
    for (const text of seen) {
      expect(text).not.toContain('QUOKKA-77');
      expect(text).not.toContain(SECRET);
    }
    // Exactly what the web app shows the same person: its teaser, not the text.
    const page = await call('GET', `/api/marketplace/prompts/${prompt.id}`, stranger.token);
    expect(got.json().preview).toBe(page.json().data.preview);
    expect(page.json().data.content).toBeNull();
    // The run was one of the stranger's premium tries.
    expect((await tool(asStranger, 'get_prompt', { id: prompt.id })).json().triesLeft).toBe(2);
  });
});

describe('running prompts', () => {
  it('answers on the plan’s models and takes a session of the month, refusing past the allowance', async () => {
    const user = await owner('Runner');
    const author = await signUp('Run author');
    const free = await insertPrompt(t.database.db, author.id, { content: 'Say hello to {{name}}.' });
    const client = await connect((await keyOf(user.token)).token);
    const models = (await tool(client, 'list_models')).json().models as { id: string }[];
    expect(models.map((m) => m.id)).toContain('claude');

    for (let i = 0; i < 2; i++) {
      const run = await tool(client, 'run_prompt', {
        id: free.id,
        variables: { name: 'Ada' },
        model: 'claude',
      });
      expect(run.isError, run.text).toBe(false);
      expect(run.json().reply).toEqual(expect.any(String));
    }
    const usage = await call('GET', '/api/playground/usage', user.token);
    expect(usage.json().data).toMatchObject({ current: 2, limit: 2 });
    const refused = await tool(client, 'run_prompt', { id: free.id, model: 'claude' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('You have reached your playground session limit');
  });

  it('is not offered to a key without playground:use', async () => {
    const user = await owner('Reader');
    const client = await connect((await keyOf(user.token, ['library:read'])).token);
    await expect(client.callTool({ name: 'run_prompt', arguments: { id: 'x' } })).resolves.toMatchObject({
      isError: true,
    });
  });
});

describe('the HTTP side', () => {
  it('answers GET and DELETE with 405: the server is stateless', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/mcp' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });
});
