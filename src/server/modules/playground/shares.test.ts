import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../tests/support/api';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { insertPrompt } from '../../../../tests/support/factories';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { SHARE_MESSAGES } from '../../../shared/playground-share';

/*
 * Share links of conversations (issue 55, decision 059): the owner shares the branch shown, anyone
 * with the link reads it (and only it), later messages stay private until the link is updated, and
 * only the owner makes, moves or ends a link. Runs on SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;
const { call, quickUser } = apiHelpers(() => t);

beforeAll(async () => {
  h = await startPlayground();
  ({ fake, t } = h);
});
afterAll(() => h.close());
beforeEach(() => fake.reset());

async function chat(token: string, body: Record<string, unknown>, reply = 'A reply.') {
  fake.next({ kind: 'reply', text: reply });
  const res = await call('POST', '/api/playground/chat', token, { model: 'claude', ...body });
  expect(res.statusCode).toBe(200);
  return res.json().data.sessionId as string;
}

const read = (id: string) => call('GET', `/api/shares/${id}`);
const texts = async (id: string) =>
  ((await read(id)).json().data.messages as { content: string }[]).map((m) => m.content);

describe('share links', () => {
  it('shows the branch shared to anyone, and what came later only once the link is updated', async () => {
    const u = await quickUser('Private Person');
    const sessionId = await chat(u.token, { message: 'How do I brew tea?' }, 'Steep it for three minutes.');
    await call('PATCH', `/api/playground/sessions/${sessionId}`, u.token, {
      settings: { systemPrompt: 'My secret house style', temperature: 0.7, maxTokens: null },
    });
    expect((await call('GET', `/api/playground/sessions/${sessionId}/share`, u.token)).json().data).toEqual({
      share: null,
    });

    const made = await call('PUT', `/api/playground/sessions/${sessionId}/share`, u.token);
    expect(made.statusCode).toBe(200);
    const link = made.json().data;
    expect(link).toMatchObject({ path: `/share/${link.id}`, messageCount: 2, upToDate: true });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const shared = await read(link.id);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shared.json().data).toMatchObject({
      title: 'How do I brew tea?',
      prompt: null,
      messages: [
        { type: 'user', content: 'How do I brew tea?', model: null, attachments: 0 },
        { type: 'ai', content: 'Steep it for three minutes.', model: 'claude-fake' },
      ],
    });
    // Neither who shared it nor their settings.
    expect(shared.body).not.toContain('Private Person');
    expect(shared.body).not.toContain(u.email);
    expect(shared.body).not.toContain('My secret house style');

    await chat(u.token, { message: 'And green tea?', sessionId }, 'Cooler water, two minutes.');
    expect(await texts(link.id)).toEqual(['How do I brew tea?', 'Steep it for three minutes.']);
    const stale = (await call('GET', `/api/playground/sessions/${sessionId}/share`, u.token)).json().data;
    expect(stale.share).toMatchObject({ id: link.id, upToDate: false, messageCount: 2 });

    const moved = (await call('PUT', `/api/playground/sessions/${sessionId}/share`, u.token)).json().data;
    expect(moved).toMatchObject({ id: link.id, upToDate: true, messageCount: 4 });
    expect(await texts(link.id)).toEqual([
      'How do I brew tea?',
      'Steep it for three minutes.',
      'And green tea?',
      'Cooler water, two minutes.',
    ]);
  });

  it('lets only the owner see, make, move or end a link; an ended link or a deleted conversation is gone', async () => {
    const owner = await quickUser();
    const other = await quickUser();
    const sessionId = await chat(owner.token, { message: 'Mine only' });
    const link = (await call('PUT', `/api/playground/sessions/${sessionId}/share`, owner.token)).json().data;

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/api/playground/sessions/${sessionId}/share`, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This conversation could not be found.');
    }
    expect((await call('PUT', `/api/playground/sessions/${sessionId}/share`)).statusCode).toBe(401);
    expect((await read(link.id)).statusCode).toBe(200);

    const ended = await call('DELETE', `/api/playground/sessions/${sessionId}/share`, owner.token);
    expect(ended.statusCode).toBe(200);
    const gone = await read(link.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, message: SHARE_MESSAGES.notFound });
    const again = await call('DELETE', `/api/playground/sessions/${sessionId}/share`, owner.token);
    expect(again.statusCode).toBe(404);

    // A new link is a new address; deleting the conversation ends it.
    const second = (await call('PUT', `/api/playground/sessions/${sessionId}/share`, owner.token)).json()
      .data;
    expect(second.id).not.toBe(link.id);
    await call('DELETE', `/api/playground/sessions/${sessionId}`, owner.token);
    expect((await read(second.id)).statusCode).toBe(404);
    expect((await read('unknown-link-id-0000000')).statusCode).toBe(404);
  });

  it("names a premium prompt's listing but never shares its text", async () => {
    const SECRET = 'You are a hidden negotiation coach. Always open with the anchoring gambit on {{deal}}.';
    const author = await quickUser('Creator');
    const { id: promptId } = await insertPrompt(t.database.db, author.id, {
      title: 'Negotiation Coach',
      type: 'premium',
      price_minor: 499,
      content: SECRET,
    });
    const u = await quickUser();
    const sessionId = await chat(
      u.token,
      { message: 'Help me', promptId, variables: { deal: 'a car' } },
      'Start by naming a number first.',
    );
    const link = (await call('PUT', `/api/playground/sessions/${sessionId}/share`, u.token)).json().data;
    const shared = await read(link.id);
    expect(shared.json().data.prompt).toEqual({ id: promptId, title: 'Negotiation Coach' });
    expect(await texts(link.id)).toEqual(['Help me', 'Start by naming a number first.']);
    expect(shared.body).not.toContain('anchoring gambit');
    expect(shared.body).not.toContain('a car');

    // An unlisted prompt is not named.
    await t.database.db.updateTable('prompts').set({ status: 'draft' }).where('id', '=', promptId).execute();
    expect((await read(link.id)).json().data.prompt).toBeNull();
  });
});
