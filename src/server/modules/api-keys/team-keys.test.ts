import crypto from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../../shared/api-keys';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import { apiHelpers } from '../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { nowIso } from '../../lib/time';

/*
 * Team API keys (issue 59, decision 071) on both engines: a team's owners and admins make, list and
 * revoke them (a member 403, an outsider 404), only on a team plan with API access; a key acts for
 * the team (its library and purchases, its playground pool, its prompts) and not for its creator's
 * own things; it stops at once when revoked or expired, when its creator stops managing the team and
 * when the team is deleted; over REST and over MCP through the official SDK's client.
 */

let t: TestApp;
let base: URL;
const { call, signUp } = apiHelpers(() => t);
const db = () => t.database.db;
const clients: Client[] = [];
const TEAM_TEXT = 'Team secret: answer as the CREW-HANDBOOK says.';
const BOUGHT_TEXT = 'Bought secret: write like a LIGHTHOUSE keeper.';
const PERSONAL_TEXT = 'Personal secret: only KIM-ALONE reads this.';
type User = { token: string; id: string; email: string };

beforeAll(async () => {
  t = await createTestApp({
    demo: true,
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', DEMO_MODEL_DELAY_MS: '0', API_KEY_RATE_LIMIT: '1000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = new URL(`http://127.0.0.1:${address.port}/mcp`);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

const planId = async (slug: string) =>
  (await db().selectFrom('plans').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

/** A team whose owner is on `plan` (Business has API access, Premium does not). */
async function teamOwner(plan = 'business', name = 'Olga Owner'): Promise<User> {
  const owner = await signUp(name);
  await insertSubscription(db(), owner.id, await planId(plan));
  const res = await call('POST', '/api/team', owner.token, { name: 'Prompt Crew' });
  expect(res.statusCode, res.body).toBe(201);
  return owner;
}

async function join(owner: User, role: 'member' | 'admin', name: string): Promise<User> {
  const user = await signUp(name);
  const invited = await call('POST', '/api/team/invitations', owner.token, { email: user.email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await db()
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', user.email)
    .executeTakeFirstOrThrow();
  const token = mail.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)![1];
  expect((await call('POST', '/api/team/join', user.token, { token })).statusCode).toBe(200);
  return user;
}

const teamIdOf = async (user: User) =>
  (
    await db()
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).team_id;

async function teamKey(user: User, scopes = ['library:read', 'playground:use', 'prompts:manage']) {
  const res = await call('POST', '/api/team/api-keys', user.token, {
    name: 'Team CI',
    scopes,
    expiresInDays: 30,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { key: { id: string; createdBy: { name: string } }; token: string };
}

async function purchase(promptId: string, holder: { teamId: string } | { buyerId: string }) {
  await db()
    .insertInto('purchases')
    .values({
      id: crypto.randomUUID(),
      prompt_id: promptId,
      buyer_id: 'buyerId' in holder ? holder.buyerId : null,
      team_id: 'teamId' in holder ? holder.teamId : null,
      amount_minor: 900,
      creator_share_minor: 720,
      currency: 'USD',
      created_at: nowIso(),
    })
    .execute();
}

async function premium(content: string, title: string) {
  const author = await signUp('Carl Creator');
  return insertPrompt(db(), author.id, {
    type: 'premium',
    price_minor: 900,
    status: 'published',
    content,
    title,
  });
}

/**
 * A Business team of an owner, an admin and a member, with a team prompt, a prompt bought for the
 * team and one the admin bought for themselves.
 */
async function crew() {
  const owner = await teamOwner();
  const admin = await join(owner, 'admin', 'Kim Admin');
  const member = await join(owner, 'member', 'Mia Member');
  const teamId = await teamIdOf(owner);
  const teamPrompt = await insertPrompt(db(), member.id, {
    team_id: teamId,
    status: 'draft',
    content: TEAM_TEXT,
    title: 'Crew handbook',
  });
  const bought = await premium(BOUGHT_TEXT, 'Lighthouse letters');
  await purchase(bought.id, { teamId });
  const personal = await premium(PERSONAL_TEXT, 'Kim alone');
  await purchase(personal.id, { buyerId: admin.id });
  return { owner, admin, member, teamId, teamPrompt, bought, personal };
}

describe('managing team keys', () => {
  it('is for owners and admins: a member is refused 403, an outsider 404, no session 401', async () => {
    const { owner, admin, member } = await crew();
    const outsider = await signUp('Otto Outsider');
    const body = { name: 'Team CI', scopes: ['library:read'], expiresInDays: 30 };

    const byOwner = await teamKey(owner, ['library:read']);
    expect(byOwner.token).toMatch(/^pf_/);
    expect(byOwner.key.createdBy.name).toBe('Olga Owner');
    const byAdmin = await teamKey(admin, ['library:read']);

    for (const [method, url] of [
      ['GET', '/api/team/api-keys'],
      ['POST', '/api/team/api-keys'],
      ['DELETE', `/api/team/api-keys/${byOwner.key.id}`],
    ] as const) {
      const asMember = await call(method, url, member.token, method === 'POST' ? body : undefined);
      expect(asMember.statusCode, `${method} ${url} as a member`).toBe(403);
      expect(asMember.json()).toMatchObject({
        code: 'AUTHORIZATION_ERROR',
        message: TEAM_MESSAGES.notManager,
      });
      const asOutsider = await call(method, url, outsider.token, method === 'POST' ? body : undefined);
      expect(asOutsider.statusCode, `${method} ${url} as an outsider`).toBe(404);
      expect((await call(method, url, undefined, method === 'POST' ? body : undefined)).statusCode).toBe(401);
    }

    // The list: every key of the team, whoever made it; an admin revokes the owner's key.
    const list = (await call('GET', '/api/team/api-keys', admin.token)).json().data;
    expect(list.apiAccess).toBe(true);
    expect(list.keys.map((k: { id: string }) => k.id).sort()).toEqual(
      [byOwner.key.id, byAdmin.key.id].sort(),
    );
    expect(JSON.stringify(list)).not.toContain(byOwner.token);
    const revoked = await call('DELETE', `/api/team/api-keys/${byOwner.key.id}`, admin.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ status: 'revoked' });
    // Team keys are not the user's own, and the reverse.
    expect((await call('GET', '/api/user/api-keys', owner.token)).json().data.keys).toEqual([]);
    expect((await call('DELETE', `/api/user/api-keys/${byAdmin.key.id}`, admin.token)).statusCode).toBe(404);
    // A key of another team is not found.
    const other = await teamOwner('business', 'Tess Other');
    expect((await call('DELETE', `/api/team/api-keys/${byAdmin.key.id}`, other.token)).statusCode).toBe(404);
  });

  it("needs the team's plan to have API access, not the creator's", async () => {
    const owner = await teamOwner('premium');
    const admin = await join(owner, 'admin', 'Kim Admin');
    // The admin's own plan has API access; the team's (its owner's Premium) has not.
    await insertSubscription(db(), admin.id, await planId('business'));
    const res = await call('POST', '/api/team/api-keys', admin.token, {
      name: 'Team CI',
      scopes: ['library:read'],
      expiresInDays: 30,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_MESSAGES.teamNoApiAccess);
    expect((await call('GET', '/api/team/api-keys', admin.token)).json().data).toEqual({
      keys: [],
      apiAccess: false,
    });
  });
});

describe('a team key acts for the team', () => {
  it("reads the team's library and purchases, never its creator's own", async () => {
    const { admin, teamPrompt, bought, personal } = await crew();
    const { token } = await teamKey(admin);

    const library = await call('GET', '/api/user/library', token);
    expect(library.statusCode, library.body).toBe(200);
    const items = library.json().data.items as { id: string; relations: string[]; boughtFor: unknown }[];
    expect(items.map((i) => i.id).sort()).toEqual([teamPrompt.id, bought.id].sort());
    expect(items.find((i) => i.id === bought.id)).toMatchObject({ boughtFor: { team: 'Prompt Crew' } });
    expect(items.find((i) => i.id === teamPrompt.id)?.relations).toEqual(['team']);

    const read = async (id: string) => (await call('GET', `/api/marketplace/prompts/${id}`, token)).body;
    expect(await read(teamPrompt.id)).toContain(TEAM_TEXT);
    expect(await read(bought.id)).toContain(BOUGHT_TEXT);
    // The admin bought this one for themselves: their team's key does not read it.
    expect(await read(personal.id)).not.toContain(PERSONAL_TEXT);
    expect((await call('GET', `/api/marketplace/prompts/${personal.id}`, admin.token)).body).toContain(
      PERSONAL_TEXT,
    );
  });

  it("is refused on the creator's personal routes, and manages the team's prompts only", async () => {
    const { admin, teamId, teamPrompt } = await crew();
    const { token } = await teamKey(admin);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/user/prompts'],
      ['GET', '/api/playground/sessions'],
      ['GET', '/api/payments/purchases'],
    ] as const) {
      const res = await call(method, url, token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_KEY_MESSAGES.notForTeamKeys);
    }
    // A new prompt is the team's, private to it.
    const created = await call('POST', '/api/user/prompts', token, {
      title: 'Team checklist',
      description: 'Made through the team key',
      content: 'List what the crew checks before a release.',
      category: 'business',
      status: 'draft',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await db()
      .selectFrom('prompts')
      .selectAll()
      .where('title', '=', 'Team checklist')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ team_id: teamId, author_id: admin.id, status: 'draft' });
    // The creator's own prompt is out of reach; a team prompt of another author is edited.
    const own = await insertPrompt(db(), admin.id, { status: 'draft', title: 'Kim private' });
    expect((await call('PUT', `/api/user/prompts/${own.id}`, token, { title: 'Renamed' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/user/prompts/${own.id}`, token)).statusCode).toBe(404);
    const edited = await call('PUT', `/api/user/prompts/${teamPrompt.id}`, token, {
      title: 'Crew handbook 2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('DELETE', `/api/user/prompts/${row.id}`, token)).statusCode).toBe(200);
  });

  it("runs on the team's playground pool only, new sessions only", async () => {
    const { admin, teamId } = await crew();
    const { token } = await teamKey(admin);
    const res = await call('POST', '/api/playground/chat', token, { message: 'Hello crew', model: 'claude' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await db()
      .selectFrom('allowance_entries')
      .selectAll()
      .where('session_id', '=', res.json().data.sessionId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: admin.id, team_id: teamId, kind: 'session' });
    const again = await call('POST', '/api/playground/chat', token, {
      message: 'And again',
      model: 'claude',
      sessionId: res.json().data.sessionId,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(API_KEY_MESSAGES.teamKeyNewSessionsOnly);
  });

  it('keeps to its scopes', async () => {
    const { admin } = await crew();
    const { token } = await teamKey(admin, ['library:read']);
    const res = await call('POST', '/api/playground/chat', token, { message: 'Hi', model: 'claude' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_MESSAGES.missingScope('playground:use'));
  });
});

describe('a team key stops at once', () => {
  it('when revoked or expired', async () => {
    const { owner, admin } = await crew();
    const a = await teamKey(admin);
    const b = await teamKey(admin);
    expect((await call('GET', '/api/user/library', a.token)).statusCode).toBe(200);
    await call('DELETE', `/api/team/api-keys/${a.key.id}`, owner.token);
    const revoked = await call('GET', '/api/user/library', a.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(API_KEY_MESSAGES.invalid);
    await db()
      .updateTable('api_keys')
      .set({ created_at: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', b.key.id)
      .execute();
    expect((await call('GET', '/api/user/library', b.token)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/team/api-keys', owner.token))
        .json()
        .data.keys.map((k: { status: string }) => k.status)
        .sort(),
    ).toEqual(['expired', 'revoked']);
  });

  it('when its creator loses the admin role, and again when they get it back', async () => {
    const { owner, admin } = await crew();
    const { token } = await teamKey(admin);
    expect(
      (await call('PUT', `/api/team/members/${admin.id}`, owner.token, { role: 'member' })).statusCode,
    ).toBe(200);
    const demoted = await call('GET', '/api/user/library', token);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toBe(API_KEY_MESSAGES.creatorNotManager);
    const listed = (await call('GET', '/api/team/api-keys', owner.token)).json().data.keys;
    expect(listed).toEqual([expect.objectContaining({ status: 'active', creatorManages: false })]);
    expect(
      (await call('PUT', `/api/team/members/${admin.id}`, owner.token, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/user/library', token)).statusCode).toBe(200);
    // Removed from the team: refused again.
    expect((await call('DELETE', `/api/team/members/${admin.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/library', token)).statusCode).toBe(403);
  });

  it("when the team's plan no longer gives API access, whatever its maker's own plan", async () => {
    const { owner, admin } = await crew();
    await insertSubscription(db(), admin.id, await planId('business'));
    const { token } = await teamKey(admin);
    expect((await call('GET', '/api/user/library', token)).statusCode).toBe(200);
    // The team's account holder (its owner) drops to the free plan.
    await db().deleteFrom('subscriptions').where('user_id', '=', owner.id).execute();
    const res = await call('GET', '/api/user/library', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_MESSAGES.teamNoApiAccess);
    expect((await call('GET', '/api/team/api-keys', admin.token)).json().data.apiAccess).toBe(false);
  });

  it('when the team is deleted: its keys go with it', async () => {
    const { owner, admin } = await crew();
    const { token, key } = await teamKey(admin);
    const deleted = await call('DELETE', '/api/team', owner.token, { purchasesLost: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', '/api/user/library', token)).statusCode).toBe(401);
    expect(
      await db().selectFrom('api_keys').select('id').where('id', '=', key.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

async function connect(token: string) {
  const client = new Client({ name: 'promptforge-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(base, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  return { isError: result.isError === true, text: result.content.map((c) => c.text).join('') };
}

describe('a team key over MCP', () => {
  it("lists and reads the team's library, runs on its pool, and stops with the team", async () => {
    const { owner, admin, teamId, teamPrompt, bought, personal } = await crew();
    const { token } = await teamKey(admin);
    const client = await connect(token);

    const list = JSON.parse((await tool(client, 'list_prompts')).text) as Record<string, { id: string }[]>;
    expect(list.team!.map((p) => p.id)).toEqual([teamPrompt.id]);
    expect(list.bought!.map((p) => p.id)).toEqual([bought.id]);
    expect((await tool(client, 'get_prompt', { id: bought.id })).text).toContain('LIGHTHOUSE');
    expect((await tool(client, 'get_prompt', { id: teamPrompt.id })).text).toContain('CREW-HANDBOOK');
    const mine = await tool(client, 'fill_prompt', { id: personal.id });
    expect(mine.isError).toBe(true);
    expect(mine.text).not.toContain('KIM-ALONE');

    const run = await tool(client, 'run_prompt', { id: teamPrompt.id, input: 'Go' });
    expect(run.isError, run.text).toBe(false);
    const entries = await db()
      .selectFrom('allowance_entries')
      .selectAll()
      .where('user_id', '=', admin.id)
      .execute();
    expect(entries).toEqual([expect.objectContaining({ team_id: teamId })]);

    expect((await call('DELETE', '/api/team', owner.token, { purchasesLost: true })).statusCode).toBe(200);
    await expect(tool(client, 'list_prompts')).rejects.toThrow();
  });
});

describe("a member's library", () => {
  it('lists what was bought for their team, with its name, until they leave', async () => {
    const { member, bought, personal } = await crew();
    const items = async () =>
      (await call('GET', '/api/user/library', member.token)).json().data.items as {
        id: string;
        relations: string[];
        boughtFor: { team: string } | null;
        readable: boolean;
      }[];
    const before = await items();
    expect(before.map((i) => i.id)).toEqual([bought.id]);
    expect(before[0]).toMatchObject({
      relations: ['bought'],
      boughtFor: { team: 'Prompt Crew' },
      readable: true,
    });
    expect(before.some((i) => i.id === personal.id)).toBe(false);
    // Bought by the member too: theirs whatever becomes of the team, so no team mark.
    await purchase(bought.id, { buyerId: member.id });
    expect((await items())[0]?.boughtFor).toBeNull();
    await db().deleteFrom('purchases').where('buyer_id', '=', member.id).execute();

    expect((await call('POST', '/api/team/leave', member.token)).statusCode).toBe(200);
    expect(await items()).toEqual([]);
  });
});
