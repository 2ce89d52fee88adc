import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../tests/support/api';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { type PlaygroundHarness, sseEvents, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';

/*
 * Issue 55's conversation rules over HTTP, against the fake providers: session settings reach the
 * model, regenerate and edit branch the conversation (every branch kept, in order), Continue goes
 * on from a reply the length limit cut, none of them takes a new slot of the allowance, and nobody
 * reaches another user's conversation. Runs on SQLite and PostgreSQL.
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

interface Message {
  id: string;
  type: 'user' | 'ai';
  content: string;
  parentId: string | null;
  alternatives: string[];
  finishReason?: string | null;
}

const session = async (token: string, id: string) => {
  const res = await call('GET', `/api/playground/sessions/${id}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { session: Record<string, unknown>; messages: Message[] };
};
const used = async (token: string) =>
  (await call('GET', '/api/playground/usage', token)).json().data.current as number;
const sentTo = (i: number) => fake.requests[i]!.body;
const texts = (messages: Message[]) => messages.map((m) => `${m.type}:${m.content}`);

async function started(token: string, extra: object = {}) {
  fake.next({ kind: 'reply', text: 'First answer.' });
  const res = await call('POST', '/api/playground/chat', token, {
    message: 'Tell me about otters.',
    model: 'claude',
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { sessionId: string; messageId: string; userMessageId: string };
}

describe('session settings', () => {
  it('sends the system prompt, temperature and reply limit of the session to the model', async () => {
    const u = await quickUser();
    // Through OpenAI's Chat Completions (the Anthropic adapter drops sampling settings for models it does not know).
    const first = await started(u.token, {
      model: 'chatgpt',
      settings: { systemPrompt: 'Answer like a pirate.', temperature: 0.3, maxTokens: 200 },
    });
    expect(sentTo(0)).toMatchObject({ temperature: 0.3, max_tokens: 200 });
    expect((sentTo(0).messages as unknown[])[0]).toEqual({
      role: 'system',
      content: 'Answer like a pirate.',
    });
    const detail = await session(u.token, first.sessionId);
    expect(detail.session.settings).toEqual({
      systemPrompt: 'Answer like a pirate.',
      temperature: 0.3,
      maxTokens: 200,
    });

    // Changed later, the next turn uses the new settings.
    const patched = await call('PATCH', `/api/playground/sessions/${first.sessionId}`, u.token, {
      settings: { systemPrompt: 'Answer in haiku.', temperature: null, maxTokens: null },
    });
    expect(patched.statusCode).toBe(200);
    await call('POST', '/api/playground/chat', u.token, {
      message: 'And beavers?',
      model: 'chatgpt',
      sessionId: first.sessionId,
    });
    expect((sentTo(1).messages as unknown[])[0]).toEqual({ role: 'system', content: 'Answer in haiku.' });
    expect(sentTo(1).temperature).toBeUndefined();
  });

  it('refuses settings out of range with the field named', async () => {
    const u = await quickUser();
    const res = await call('POST', '/api/playground/chat', u.token, {
      message: 'Hi',
      model: 'claude',
      settings: { temperature: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Temperature must be a number from 0 to 2',
    });
    const tooLong = await call('POST', '/api/playground/chat', u.token, {
      message: 'Hi',
      model: 'claude',
      settings: { maxTokens: 100_000 },
    });
    expect(tooLong.json().message).toBe('Maximum reply length must be a whole number from 16 to 8192');
  });
});

describe('presets', () => {
  it('saves, lists, changes and deletes a user’s presets, and refuses a second of one name', async () => {
    const u = await quickUser();
    const body = {
      name: 'Pirate',
      model: 'chatgpt',
      settings: { systemPrompt: 'Answer like a pirate.', temperature: 1.2, maxTokens: 300 },
    };
    const created = await call('POST', '/api/playground/presets', u.token, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject(body);
    const twin = await call('POST', '/api/playground/presets', u.token, body);
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('You already have a preset with this name.');

    const changed = await call('PUT', `/api/playground/presets/${id}`, u.token, { ...body, name: 'Captain' });
    expect(changed.json().data.name).toBe('Captain');
    const list = await call('GET', '/api/playground/presets', u.token);
    expect(list.json().data.presets.map((p: { name: string }) => p.name)).toEqual(['Captain']);

    const unknownModel = await call('POST', '/api/playground/presets', u.token, { ...body, model: 'nope' });
    expect(unknownModel.statusCode).toBe(400);

    expect((await call('DELETE', `/api/playground/presets/${id}`, u.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/playground/presets', u.token)).json().data.presets).toEqual([]);
  });

  it('keeps each user’s presets to themselves', async () => {
    const owner = await quickUser();
    const other = await quickUser();
    const created = await call('POST', '/api/playground/presets', owner.token, {
      name: 'Mine',
      model: 'claude',
      settings: {},
    });
    const id = created.json().data.id as string;
    expect((await call('GET', '/api/playground/presets', other.token)).json().data.presets).toEqual([]);
    const body = { name: 'Stolen', model: 'claude', settings: {} };
    expect((await call('PUT', `/api/playground/presets/${id}`, other.token, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/playground/presets/${id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/playground/presets', owner.token)).json().data.presets).toHaveLength(1);
  });
});

describe('regenerate, edit and branches', () => {
  it('keeps regenerated replies as alternatives in order, and shows the newest', async () => {
    const u = await quickUser();
    const first = await started(u.token);
    fake.next({ kind: 'reply', text: 'Second answer.' }, { kind: 'reply', text: 'Third answer.' });
    for (const _ of [1, 2]) {
      const res = await call('POST', `/api/playground/sessions/${first.sessionId}/regenerate`, u.token, {
        messageId: first.messageId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userMessageId).toBe(first.userMessageId);
    }
    // The model was asked the same question again, without the earlier answer.
    expect((sentTo(1).messages as { role: string }[]).map((m) => m.role)).toEqual(['user']);
    const detail = await session(u.token, first.sessionId);
    expect(texts(detail.messages)).toEqual(['user:Tell me about otters.', 'ai:Third answer.']);
    const reply = detail.messages[1]!;
    expect(reply.alternatives).toHaveLength(3);
    expect(reply.alternatives[0]).toBe(first.messageId);

    // Browsing back to the first alternative shows it, and stays shown on reload.
    const back = await call('PUT', `/api/playground/sessions/${first.sessionId}/branch`, u.token, {
      messageId: first.messageId,
    });
    expect(texts(back.json().data.messages)).toEqual(['user:Tell me about otters.', 'ai:First answer.']);
    expect(texts((await session(u.token, first.sessionId)).messages)[1]).toBe('ai:First answer.');
  });

  it('branches at an edited message, keeping the earlier branch reachable', async () => {
    const u = await quickUser();
    const first = await started(u.token);
    fake.next({ kind: 'reply', text: 'Otters hold hands.' });
    await call('POST', '/api/playground/chat', u.token, {
      message: 'A fun fact?',
      model: 'claude',
      sessionId: first.sessionId,
    });
    const before = await session(u.token, first.sessionId);
    const factQuestion = before.messages[2]!;

    fake.next({ kind: 'reply', text: 'They have pockets.' });
    const edited = await call('POST', '/api/playground/chat', u.token, {
      message: 'A fun fact about sea otters?',
      model: 'claude',
      sessionId: first.sessionId,
      editOf: factQuestion.id,
    });
    expect(edited.statusCode).toBe(200);
    // The model saw the branch up to the edit, not the message it replaces.
    const sent = (sentTo(2).messages as { content: unknown }[]).map((m) => JSON.stringify(m.content));
    expect(sent.join(' ')).not.toContain('A fun fact?');

    const after = await session(u.token, first.sessionId);
    expect(texts(after.messages)).toEqual([
      'user:Tell me about otters.',
      'ai:First answer.',
      'user:A fun fact about sea otters?',
      'ai:They have pockets.',
    ]);
    expect(after.messages[2]!.alternatives).toEqual([factQuestion.id, after.messages[2]!.id]);

    const old = await call('PUT', `/api/playground/sessions/${first.sessionId}/branch`, u.token, {
      messageId: factQuestion.id,
    });
    expect(texts(old.json().data.messages).slice(2)).toEqual(['user:A fun fact?', 'ai:Otters hold hands.']);
  });

  it('continues a reply the length limit cut, appending to it', async () => {
    const u = await quickUser();
    fake.next({ kind: 'reply', text: 'Otters are playful and', cutByLength: true });
    const res = await call('POST', '/api/playground/chat', u.token, { message: 'Otters?', model: 'claude' });
    const reply = res.json().data;
    expect(reply.finishReason).toBe('length');

    fake.next({ kind: 'reply', text: ' very clever.' });
    const more = await call('POST', `/api/playground/sessions/${reply.sessionId}/continue`, u.token, {
      messageId: reply.messageId,
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().data).toMatchObject({
      messageId: reply.messageId,
      response: 'Otters are playful and very clever.',
      finishReason: 'stop',
    });
    // The model was given its own cut reply to go on from.
    expect((sentTo(1).messages as { role: string }[]).map((m) => m.role)).toEqual(['user', 'assistant']);
    const detail = await session(u.token, reply.sessionId);
    expect(texts(detail.messages)).toEqual(['user:Otters?', 'ai:Otters are playful and very clever.']);

    // A complete reply cannot be continued.
    const again = await call('POST', `/api/playground/sessions/${reply.sessionId}/continue`, u.token, {
      messageId: reply.messageId,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Only a reply cut by the length limit can be continued.');
  });

  it('streams a regenerated reply as the chat does', async () => {
    const u = await quickUser();
    const first = await started(u.token);
    fake.next({ kind: 'reply', text: 'Streamed again.' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/playground/sessions/${first.sessionId}/regenerate`,
      payload: { messageId: first.userMessageId },
      headers: { authorization: `Bearer ${u.token}`, accept: 'text/event-stream' },
    });
    const events = sseEvents(res.body).map((e) => e.event);
    expect(events[0]).toBe('session');
    expect(events.at(-1)).toBe('done');
  });
});

describe('allowance and ownership', () => {
  it('counts one session however often its reply is regenerated, edited or continued', async () => {
    const u = await quickUser();
    const first = await started(u.token);
    expect(await used(u.token)).toBe(1);
    await call('POST', `/api/playground/sessions/${first.sessionId}/regenerate`, u.token, {
      messageId: first.messageId,
    });
    await call('POST', '/api/playground/chat', u.token, {
      message: 'Edited',
      model: 'claude',
      sessionId: first.sessionId,
      editOf: first.userMessageId,
    });
    expect(await used(u.token)).toBe(1);
  });

  it('lets a regenerate take the slot when the first reply failed, and only once', async () => {
    const u = await quickUser();
    fake.next({ kind: 'status', status: 400 });
    const failed = await call('POST', '/api/playground/chat', u.token, { message: 'Hi', model: 'claude' });
    expect(failed.statusCode).toBe(502);
    expect(await used(u.token)).toBe(0);
    const id = (await call('GET', '/api/playground/sessions', u.token)).json().data.sessions[0].id as string;
    const detail = await session(u.token, id);
    const res = await call('POST', `/api/playground/sessions/${id}/regenerate`, u.token, {
      messageId: detail.messages[0]!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await used(u.token)).toBe(1);
  });

  it('refuses another user’s session and messages as not found', async () => {
    const owner = await quickUser();
    const other = await quickUser();
    const first = await started(owner.token);
    const calls = [
      call('POST', `/api/playground/sessions/${first.sessionId}/regenerate`, other.token, {
        messageId: first.messageId,
      }),
      call('POST', `/api/playground/sessions/${first.sessionId}/continue`, other.token, {
        messageId: first.messageId,
      }),
      call('PUT', `/api/playground/sessions/${first.sessionId}/branch`, other.token, {
        messageId: first.messageId,
      }),
      call('PATCH', `/api/playground/sessions/${first.sessionId}`, other.token, { title: 'Mine now' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This conversation could not be found.');
    }
    // A message of another session cannot be edited into one's own.
    const mine = await started(other.token);
    const res = await call('POST', '/api/playground/chat', other.token, {
      message: 'x',
      model: 'claude',
      sessionId: mine.sessionId,
      editOf: first.userMessageId,
    });
    expect(res.statusCode).toBe(404);
    expect(fake.requests).toHaveLength(2);
    expect((await session(owner.token, first.sessionId)).session.title).toBe('Tell me about otters.');
  });
});
