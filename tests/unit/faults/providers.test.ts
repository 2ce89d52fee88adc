import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeAi, type FakeBehaviour, fakeAiEnv, startFakeAi } from '../../support/fake-ai';
import { type TestApp, createTestApp } from '../../support/test-app';
import { apiHelpers } from '../../support/api';

/*
 * AI provider faults (issue 10: "clear errors, nothing charged twice, nothing lost"), one table over
 * every provider wire format: Anthropic's Messages API (claude), OpenAI Chat Completions (chatgpt),
 * Perplexity's OpenAI-compatible API (perplexity), a keyless OpenAI-compatible server and OpenAI's
 * Responses API, all spoken by tests/support/fake-ai.ts over
 * real HTTP to the app's models (src/server/integrations/ai). For each fault, what a user or client notices: the spec's
 * message and code, the conversation kept with the reply marked as failed (with whatever text came),
 * no session taken from the allowance, and a log line naming the provider. Runs on SQLite and
 * PostgreSQL (TEST_DATABASE_URL).
 */

const AI_FAILURE = 'Failed to get AI response';
const EMPTY_REPLY = "I received your message but couldn't generate a response.";

let fake: FakeAi;
let t: TestApp;
const logs: string[] = [];

beforeAll(async () => {
  fake = await startFakeAi();
  // A second OpenAI provider speaking the Responses API, declared in a config file.
  const configFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-ai-')), 'ai.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      providers: [
        {
          id: 'responses',
          kind: 'openai',
          name: 'OpenAI Responses',
          api: 'responses',
          baseUrl: `${fake.url}/v1`,
          apiKey: 'sk-responses-fake',
          models: ['gpt-fake'],
        },
      ],
    }),
  );
  t = await createTestApp({
    env: {
      ...fakeAiEnv(fake),
      OPENAI_COMPATIBLE_MODELS: 'llama-fake',
      AI_CONFIG_FILE: configFile,
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      PLAYGROUND_RATE_LIMIT: '10000',
      AI_TIMEOUT_MS: '1000',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
    },
    logStream: { write: (line: string) => void logs.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());
const h = apiHelpers(() => t);

const user = async () => (await h.signUp('Faye Fault')).token;

const chat = (token: string, payload: object, stream = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/playground/chat',
    payload,
    headers: { authorization: `Bearer ${token}`, ...(stream ? { accept: 'text/event-stream' } : {}) },
  });
const get = async (url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json().data;

function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

/** Every wire format: the spec's three choices, a keyless OpenAI-compatible server and the Responses API. */
const PROVIDERS: Record<string, string> = {
  claude: 'Anthropic',
  chatgpt: 'OpenAI',
  perplexity: 'Perplexity',
  'local/llama-fake': 'Local fake',
  'responses/gpt-fake': 'OpenAI Responses',
};

/** Every fault, with the text the user keeps (what arrived before it). */
const FAULTS: [string, FakeBehaviour, string][] = [
  ['a timeout (the provider never answers)', { kind: 'hang' }, ''],
  ['a 400 (request refused)', { kind: 'status', status: 400 }, ''],
  ['a 401 (bad key)', { kind: 'status', status: 401 }, ''],
  // Retryable answers fail the turn only when they persist: the first try and the two retries.
  ['a 429 (provider rate limit) on every retry', { kind: 'status', status: 429, times: 3 }, ''],
  ['a 529 (overloaded) on every retry', { kind: 'status', status: 529, times: 3 }, ''],
  ['a 500 on every retry', { kind: 'status', status: 500, times: 3 }, ''],
  [
    'a 503 with an HTML body on every retry',
    { kind: 'status', status: 503, body: '<html>Service Unavailable</html>', times: 3 },
    '',
  ],
  ['a garbage 200 body (not the wire format)', { kind: 'garbage' }, ''],
  ['a malformed stream', { kind: 'malformed' }, ''],
  ['a connection cut before the headers', { kind: 'reset' }, ''],
  [
    'a connection cut mid-stream',
    { kind: 'cut', afterTokens: 2, text: 'Half of a reply that never ends' },
    'Half of',
  ],
  [
    'a stream closed early without its closing events',
    { kind: 'truncated', afterTokens: 2, text: 'Two words and then silence' },
    'Two words',
  ],
  ['an error event mid-stream', { kind: 'stream-error', afterTokens: 1, text: 'Partial reply' }, 'Partial'],
];

const CASES = Object.entries(PROVIDERS).flatMap(([model, provider]) =>
  FAULTS.map(([fault, behaviour, partial]) => ({ model, provider, fault, behaviour, partial })),
);

describe('AI provider faults', () => {
  it.each(CASES)(
    '$model ($provider), $fault: the spec message, the reply kept as failed, no allowance used, logged',
    async ({ model, provider, behaviour, partial }) => {
      const token = await user();
      fake.next(behaviour);
      const logged = logs.length;

      const res = await chat(token, { message: 'Hello?', model });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVER_ERROR', message: AI_FAILURE });
      expect(res.body).not.toMatch(/fake failure|Bad Gateway|stack/i);

      expect((await get('/api/playground/usage', token)).current).toBe(0);
      const [session] = (await get('/api/playground/sessions', token)).sessions;
      const detail = await get(`/api/playground/sessions/${session.id}`, token);
      expect(detail.messages.map((m: { type: string }) => m.type)).toEqual(['user', 'ai']);
      expect(detail.messages[0].content).toBe('Hello?');
      expect(detail.messages[1]).toMatchObject({ type: 'ai', status: 'error' });
      expect(detail.messages[1].content.trim()).toBe(partial);

      const line = logs
        .slice(logged)
        .map((l) => JSON.parse(l) as { msg: string; provider?: string; sessionId?: string })
        .find((l) => l.msg === 'AI provider call failed');
      expect(line).toMatchObject({ provider, sessionId: session.id });

      // The user sends again once the provider is back: the same conversation goes on and counts once.
      fake.next({ kind: 'reply', text: 'Back again.' });
      const retry = await chat(token, { message: 'Hello again?', model, sessionId: session.id });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.response).toBe('Back again.');
      expect((await get('/api/playground/usage', token)).current).toBe(1);
    },
  );

  it.each(
    Object.keys(PROVIDERS).flatMap((model) => [429, 529, 500, 503].map((status) => ({ model, status }))),
  )(
    '$model: a $status before the first token is retried after the retry-after the provider asked for',
    async ({ model, status }) => {
      const token = await user();
      fake.next({ kind: 'status', status, times: 2 }, { kind: 'reply', text: 'Third time lucky.' });
      const res = await chat(token, { message: 'Busy?', model });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.response).toBe('Third time lucky.');
      expect(fake.requests).toHaveLength(3);
      expect((await get('/api/playground/usage', token)).current).toBe(1);
    },
  );

  it.each(Object.keys(PROVIDERS))('%s: a 400 or 401 is not retried', async (model) => {
    const token = await user();
    fake.next({ kind: 'status', status: 401 });
    expect((await chat(token, { message: 'Key?', model })).statusCode).toBe(502);
    expect(fake.requests).toHaveLength(1);
  });

  it.each(Object.keys(PROVIDERS))(
    '%s: a well-formed reply with no text is the empty-reply message, not counted',
    async (model) => {
      const token = await user();
      fake.next({ kind: 'reply', text: '' });
      const res = await chat(token, { message: 'Say nothing', model });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'SERVER_ERROR', message: EMPTY_REPLY });
      expect((await get('/api/playground/usage', token)).current).toBe(0);
    },
  );

  it.each(Object.keys(PROVIDERS))(
    '%s streaming: the tokens that came, then an error event with the spec message',
    async (model) => {
      const token = await user();
      fake.next({ kind: 'stream-error', afterTokens: 2, text: 'Some words then trouble' });
      const res = await chat(token, { message: 'Go', model }, true);
      const ev = events(res.body);
      expect(ev[0]?.event).toBe('session');
      expect(
        ev
          .filter((e) => e.event === 'token')
          .map((e) => e.data.text)
          .join(''),
      ).toBe('Some words ');
      expect(ev.at(-1)).toMatchObject({
        event: 'error',
        data: { message: AI_FAILURE, code: 'SERVER_ERROR', status: 502 },
      });
      expect((await get('/api/playground/usage', token)).current).toBe(0);
    },
  );
});
