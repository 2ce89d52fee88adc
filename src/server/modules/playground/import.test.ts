import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../tests/support/api';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { IMPORT_FORMAT_MESSAGE } from '../../../shared/playground-settings';

/*
 * Importing conversations (issue 55): a ChatGPT export with its branches, Promptforge's own export
 * read back as it was written, clear errors for a bad file, nothing taken of the allowance.
 */

let h: PlaygroundHarness;
let t: TestApp;
const { call, quickUser } = apiHelpers(() => t);

beforeAll(async () => {
  h = await startPlayground();
  ({ t } = h);
});
afterAll(() => h.close());

const node = (id: string, parent: string | null, role: string | null, text: string, time: number) => ({
  id,
  parent,
  message: role
    ? { author: { role }, create_time: time, content: { content_type: 'text', parts: [text] } }
    : null,
});

const chatGptExport = [
  {
    title: 'Otter facts',
    current_node: 'a2b',
    mapping: {
      root: node('root', null, null, '', 0),
      sys: node('sys', 'root', 'system', '', 1),
      u1: node('u1', 'sys', 'user', 'Tell me about otters', 2),
      a1: node('a1', 'u1', 'assistant', 'They hold hands.', 3),
      u2: node('u2', 'a1', 'user', 'More?', 4),
      a2: node('a2', 'u2', 'assistant', 'They use tools.', 5),
      a2b: node('a2b', 'u2', 'assistant', 'They have pockets.', 6),
    },
  },
  { title: 'Empty', mapping: { root: node('root', null, null, '', 0) } },
];

describe('importing conversations', () => {
  it('imports a ChatGPT export with its branches, showing the branch it was on', async () => {
    const u = await quickUser();
    const res = await call('POST', '/api/playground/import', u.token, {
      content: JSON.stringify(chatGptExport),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('1 conversation imported');
    expect(res.json().data).toMatchObject({
      skipped: 1,
      sessions: [{ title: 'Otter facts', messageCount: 5 }],
    });
    const id = res.json().data.sessions[0].id as string;
    const detail = (await call('GET', `/api/playground/sessions/${id}`, u.token)).json().data;
    expect(detail.messages.map((m: { type: string; content: string }) => `${m.type}:${m.content}`)).toEqual([
      'user:Tell me about otters',
      'ai:They hold hands.',
      'user:More?',
      'ai:They have pockets.',
    ]);
    expect(detail.messages[3].alternatives).toHaveLength(2);
    // An import calls no model and takes nothing of the allowance.
    expect((await call('GET', '/api/playground/usage', u.token)).json().data.current).toBe(0);
  });

  it('reads its own JSON export back as it was', async () => {
    const u = await quickUser();
    const first = await call('POST', '/api/playground/import', u.token, {
      content: JSON.stringify(chatGptExport),
    });
    const id = first.json().data.sessions[0].id as string;
    const exported = (await call('GET', `/api/playground/sessions/${id}/export?format=json`, u.token)).json()
      .data;
    const again = await call('POST', '/api/playground/import', u.token, { content: exported.content });
    expect(again.statusCode).toBe(201);
    const copy = again.json().data.sessions[0].id as string;
    const [a, b] = await Promise.all(
      [id, copy].map(async (s) => (await call('GET', `/api/playground/sessions/${s}`, u.token)).json().data),
    );
    const shape = (d: { messages: { type: string; content: string; alternatives: string[] }[] }) =>
      d.messages.map((m) => [m.type, m.content, m.alternatives.length]);
    expect(shape(b)).toEqual(shape(a));
  });

  it('refuses a file that is neither, with a message that says so', async () => {
    const u = await quickUser();
    for (const content of ['not json at all', '{"hello": "world"}', '[{"title": "x"}]']) {
      const res = await call('POST', '/api/playground/import', u.token, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMPORT_FORMAT_MESSAGE);
    }
    const empty = await call('POST', '/api/playground/import', u.token, { content: '' });
    expect(empty.json().message).toBe('Choose a file to import');
    expect((await call('GET', '/api/playground/sessions', u.token)).json().data.sessions).toEqual([]);
  });
});
