import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../tests/support/api';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';

/*
 * Finding and keeping conversations (issue 55): rename, pin (pinned first), search over titles and
 * message text, export as Markdown and JSON; each only by the conversation's owner.
 * Runs on SQLite and PostgreSQL.
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

async function chat(token: string, message: string, reply = 'A reply.') {
  fake.next({ kind: 'reply', text: reply });
  const res = await call('POST', '/api/playground/chat', token, { message, model: 'claude' });
  expect(res.statusCode).toBe(200);
  return res.json().data.sessionId as string;
}

const titles = async (token: string, q?: string) =>
  (
    (
      await call(
        'GET',
        `/api/playground/sessions${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        token,
      )
    ).json().data.sessions as { title: string; pinned: boolean }[]
  ).map((s) => s.title);

describe('finding and keeping conversations', () => {
  it('renames and pins; pinned conversations come first', async () => {
    const u = await quickUser();
    const first = await chat(u.token, 'Oldest question');
    await chat(u.token, 'Newest question');
    expect(await titles(u.token)).toEqual(['Newest question', 'Oldest question']);

    const renamed = await call('PATCH', `/api/playground/sessions/${first}`, u.token, {
      title: 'Kept forever',
      pinned: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.session).toMatchObject({ title: 'Kept forever', pinned: true });
    expect(await titles(u.token)).toEqual(['Kept forever', 'Newest question']);

    await call('PATCH', `/api/playground/sessions/${first}`, u.token, { pinned: false });
    expect(await titles(u.token)).toEqual(['Newest question', 'Kept forever']);

    const blank = await call('PATCH', `/api/playground/sessions/${first}`, u.token, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Title is required');
  });

  it('searches titles and message text, case and wildcards taken literally', async () => {
    const u = await quickUser();
    await chat(u.token, 'Plan a trip to Lisbon', 'Visit the Alfama district.');
    await chat(u.token, 'Sourdough starter help', 'Feed it 100% flour.');
    expect(await titles(u.token, 'lisbon')).toEqual(['Plan a trip to Lisbon']);
    expect(await titles(u.token, 'ALFAMA')).toEqual(['Plan a trip to Lisbon']);
    expect(await titles(u.token, '100%')).toEqual(['Sourdough starter help']);
    expect(await titles(u.token, '%')).toEqual(['Sourdough starter help']);
    expect(await titles(u.token, 'nothing like this')).toEqual([]);
    // Another user's words are never found.
    const other = await quickUser();
    expect(await titles(other.token, 'lisbon')).toEqual([]);
  });

  it('exports Markdown of the branch shown and JSON of every branch', async () => {
    const u = await quickUser();
    const id = await chat(u.token, 'What is a haiku?', 'Three lines: 5, 7, 5.');
    const detail = (await call('GET', `/api/playground/sessions/${id}`, u.token)).json().data;
    fake.next({ kind: 'reply', text: 'A short poem.' });
    await call('POST', `/api/playground/sessions/${id}/regenerate`, u.token, {
      messageId: detail.messages[0].id,
    });

    const md = (await call('GET', `/api/playground/sessions/${id}/export?format=markdown`, u.token)).json()
      .data;
    expect(md).toMatchObject({ filename: 'what-is-a-haiku.md', mediaType: 'text/markdown' });
    expect(md.content).toContain('# What is a haiku?');
    expect(md.content).toContain('## You\n\nWhat is a haiku?');
    expect(md.content).toContain('A short poem.');
    expect(md.content).not.toContain('Three lines');

    const json = (await call('GET', `/api/playground/sessions/${id}/export?format=json`, u.token)).json()
      .data;
    expect(json.filename).toBe('what-is-a-haiku.json');
    const body = JSON.parse(json.content);
    expect(body).toMatchObject({ format: 'promptforge.chat', version: 1, title: 'What is a haiku?' });
    expect(body.messages.map((m: { role: string; content: string }) => `${m.role}:${m.content}`)).toEqual([
      'user:What is a haiku?',
      'assistant:Three lines: 5, 7, 5.',
      'assistant:A short poem.',
    ]);
    expect(body.messages[2].parentId).toBe(body.messages[0].id);
    expect(body.leafId).toBe(body.messages[2].id);

    const bad = await call('GET', `/api/playground/sessions/${id}/export?format=pdf`, u.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Format must be markdown or json');
  });

  it('lets nobody else rename, pin or export a conversation', async () => {
    const owner = await quickUser();
    const other = await quickUser();
    const id = await chat(owner.token, 'Private thoughts');
    for (const res of [
      await call('PATCH', `/api/playground/sessions/${id}`, other.token, { title: 'Mine', pinned: true }),
      await call('GET', `/api/playground/sessions/${id}/export?format=json`, other.token),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await titles(owner.token)).toEqual(['Private thoughts']);
  });
});
