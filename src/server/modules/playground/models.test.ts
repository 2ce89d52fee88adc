import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeAiEnv } from '../../../../tests/support/fake-ai';
import { insertSubscription } from '../../../../tests/support/factories';
import { createTestApp } from '../../../../tests/support/test-app';
import {
  FREE_PLAN,
  type PlaygroundHarness,
  PREMIUM_PLAN,
  sseEvents,
  startPlayground,
} from '../../../../tests/support/playground';
import { apiHelpers } from '../../../../tests/support/api';

/*
 * Models as configuration (issue 52), through the real HTTP API against fake providers speaking the
 * real wire formats: a keyless OpenAI-compatible server whose models are read from GET /v1/models,
 * the admin's model list with status and price, the models each plan may use, the tokens and cost of
 * every reply and the admin's cost report, Perplexity's sources and a model's reasoning. Runs on
 * SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let admin: string;

beforeAll(async () => {
  h = await startPlayground();
  admin = (await h.signInAdmin()).token;
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

interface ListedModel {
  id: string;
  key: string;
  name: string;
  provider: string;
  live: boolean;
  default: boolean;
}
interface AdminModel {
  key: string;
  provider: string;
  status: string;
  source: string;
  choices: string[];
  price: { input: number; output: number; custom: boolean };
}

const models = async (token: string) =>
  (await h.call('GET', '/api/playground/models', token)).json().data.models as ListedModel[];
const adminModels = async () =>
  (await h.call('GET', '/api/admin/models', admin)).json().data.models as AdminModel[];
const refresh = () => h.call('POST', '/api/admin/models/refresh', admin);

describe('a keyless OpenAI-compatible server', () => {
  it('lists the models its GET /v1/models names, and answers chats with no key sent', async () => {
    expect((await refresh()).statusCode).toBe(200);
    const listRequest = h.fake.requests.find((r) => r.path === '/v1/models');
    expect(listRequest?.headers.authorization).toBeUndefined();

    const u = await h.signUp();
    const listed = await models(u.token);
    expect(listed.map((m) => m.id)).toEqual([
      'claude',
      'chatgpt',
      'perplexity',
      'local/llama-fake',
      'local/qwen-fake',
    ]);
    expect(listed.find((m) => m.id === 'local/qwen-fake')).toMatchObject({
      provider: 'Local fake',
      live: true,
    });

    h.fake.next({ kind: 'reply', text: 'Hello from your own machine.' });
    const res = await h.chat(u.token, { message: 'Hi local', model: 'local/qwen-fake' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      response: 'Hello from your own machine.',
      model: 'local/qwen-fake',
    });
    const sent = h.fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body.model).toBe('qwen-fake');
    expect(sent.headers.authorization).toBeUndefined();
    const session = (await h.call('GET', '/api/playground/sessions', u.token)).json().data.sessions[0];
    expect(session.model).toBe('local/qwen-fake');
  });

  it('reads the list again when the admin refreshes it', async () => {
    h.fake.setModels(['llama-fake', 'qwen-fake', 'mistral-fake']);
    const after = (await refresh()).json().data.models as AdminModel[];
    expect(after.find((m) => m.key === 'local/mistral-fake')).toMatchObject({
      provider: 'Local fake',
      source: 'listed',
      status: 'reachable',
    });
  });

  it('marks the server failing when its list cannot be read, and keeps what it knew', async () => {
    h.fake.setModels(null);
    const after = (await refresh()).json().data.models as AdminModel[];
    expect(after.find((m) => m.key === 'local/llama-fake')).toMatchObject({ status: 'failing' });
    h.fake.setModels(['llama-fake', 'qwen-fake']);
    await refresh();
  });

  it('refuses a model nobody configured', async () => {
    const u = await h.signUp();
    const res = await h.chat(u.token, { message: 'Hi', model: 'local/not-there' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('the admin model list', () => {
  it('shows every model with its provider, the choice it answers, status and price', async () => {
    const u = await h.signUp();
    h.fake.next({ kind: 'reply', text: 'Fine.' }, { kind: 'status', status: 401 });
    await h.chat(u.token, { message: 'Hi', model: 'claude' });
    await h.chat(u.token, { message: 'Hi', model: 'chatgpt' });
    const list = await adminModels();
    expect(list.find((m) => m.key === 'anthropic/claude-fake')).toMatchObject({
      provider: 'Anthropic',
      choices: ['claude'],
      status: 'reachable',
      price: { input: 0, output: 0, custom: false },
    });
    expect(list.find((m) => m.key === 'openai/gpt-fake')).toMatchObject({
      choices: ['chatgpt'],
      status: 'failing',
    });
  });

  it('is for admins only', async () => {
    const u = await h.signUp();
    expect((await h.call('GET', '/api/admin/models', u.token)).statusCode).toBe(403);
  });
});

describe('models per plan', () => {
  it('offers a plan only its models, with its default, and refuses the others', async () => {
    const set = await h.call('PUT', `/api/admin/plans/${PREMIUM_PLAN}/models`, admin, {
      models: ['anthropic/claude-fake', 'local/llama-fake'],
      default: 'local/llama-fake',
    });
    expect(set.statusCode, set.body).toBe(200);
    const u = await h.signUp();
    await insertSubscription(h.t.database.db, u.id, PREMIUM_PLAN);
    const listed = await models(u.token);
    expect(listed.map((m) => [m.id, m.default])).toEqual([
      ['claude', false],
      ['local/llama-fake', true],
    ]);
    const refused = await h.chat(u.token, { message: 'Hi', model: 'chatgpt' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      message: expect.stringMatching(/ChatGPT/),
    });
    expect(h.fake.requests).toHaveLength(0);
    // A free user's plan lists nothing: every model.
    const free = await h.signUp();
    expect((await models(free.token)).length).toBeGreaterThan(2);

    await h.call('PUT', `/api/admin/plans/${PREMIUM_PLAN}/models`, admin, { models: [], default: null });
    expect((await models(u.token)).length).toBeGreaterThan(2);
  });

  it('refuses unknown models and a default outside the list', async () => {
    const unknown = await h.call('PUT', `/api/admin/plans/${FREE_PLAN}/models`, admin, {
      models: ['nobody/nothing'],
      default: null,
    });
    expect(unknown.statusCode).toBe(400);
    const outside = await h.call('PUT', `/api/admin/plans/${FREE_PLAN}/models`, admin, {
      models: ['anthropic/claude-fake'],
      default: 'openai/gpt-fake',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The default model must be one of the plan’s models');
  });
});

describe('usage and cost', () => {
  it('stores the provider’s tokens and the cost from the admin’s price with each reply', async () => {
    const price = await h.call('PUT', '/api/admin/models/price', admin, {
      key: 'anthropic/claude-fake',
      input: 3,
      output: 15,
    });
    expect(price.statusCode, price.body).toBe(200);
    const u = await h.signUp();
    h.fake.next({ kind: 'reply', text: 'one two three four' });
    const res = await h.chat(u.token, { message: 'Count', model: 'claude' });
    // 12 input tokens at 3 a million and 4 output tokens at 15 a million: 96 millionths.
    expect(res.json().data.usage).toEqual({
      inputTokens: 12,
      outputTokens: 4,
      estimated: false,
      costMicros: 96,
    });
    const detail = (
      await h.call('GET', `/api/playground/sessions/${res.json().data.sessionId}`, u.token)
    ).json().data;
    expect(detail.messages[1].usage).toEqual({
      inputTokens: 12,
      outputTokens: 4,
      estimated: false,
      costMicros: 96,
    });

    const report = (await h.call('GET', '/api/admin/models/costs?days=7', admin)).json().data;
    expect(report.byModel.find((r: { model: string }) => r.model === 'anthropic/claude-fake')).toMatchObject({
      // The model's other replies in this file were priced at 0.
      cost: 0.000096,
    });
    expect(report.byPlan.find((r: { planId: string }) => r.planId === FREE_PLAN)).toMatchObject({
      plan: 'Free',
    });
    expect(report.byDay.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(report.topUsers[0]).toMatchObject({
      userId: u.id,
      cost: 0.000096,
      replies: 1,
      inputTokens: 12,
      outputTokens: 4,
    });
  });

  it('counts nothing for a failed reply', async () => {
    const u = await h.signUp();
    h.fake.next({ kind: 'stream-error', afterTokens: 1, text: 'Half a reply' });
    const res = await h.chat(u.token, { message: 'Go', model: 'claude' });
    expect(res.statusCode).toBe(502);
    expect((await h.call('GET', '/api/playground/usage', u.token)).json().data.current).toBe(0);
  });
  it('gives each reply its usage and the session its totals, regenerated alternatives included', async () => {
    await h.call('PUT', '/api/admin/models/price', admin, {
      key: 'anthropic/claude-fake',
      input: 3,
      output: 15,
    });
    const u = await h.signUp();
    h.fake.next({ kind: 'reply', text: 'one two three four' });
    const first = (await h.chat(u.token, { message: 'Count', model: 'claude' })).json().data;
    h.fake.next({ kind: 'reply', text: 'five six' });
    const second = await h.chat(u.token, { message: 'More', model: 'claude', sessionId: first.sessionId });
    expect(second.statusCode, second.body).toBe(200);
    h.fake.next({ kind: 'reply', text: 'seven' });
    const again = await h.call('POST', `/api/playground/sessions/${first.sessionId}/regenerate`, u.token, {
      messageId: second.json().data.userMessageId,
    });
    expect(again.statusCode, again.body).toBe(200);

    const detail = (await h.call('GET', `/api/playground/sessions/${first.sessionId}`, u.token)).json().data;
    // 12 input tokens at 3 a million each time; 4, 2 and 1 output tokens at 15 a million.
    expect(detail.messages.map((m: { usage?: unknown }) => m.usage ?? null)).toEqual([
      null,
      { inputTokens: 12, outputTokens: 4, estimated: false, costMicros: 96 },
      null,
      { inputTokens: 12, outputTokens: 1, estimated: false, costMicros: 51 },
    ]);
    // The replaced reply (66 millionths) was paid for too: the session's totals count it.
    expect(detail.session.usage).toEqual({
      inputTokens: 36,
      outputTokens: 7,
      costMicros: 96 + 66 + 51,
      estimated: false,
    });
  });
});

describe('replies as the providers give them', () => {
  it('keeps Perplexity’s sources, numbered in order, streamed and stored', async () => {
    const u = await h.signUp();
    h.fake.next({
      kind: 'reply',
      text: 'Paris is the capital [1][2].',
      citations: [
        { url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia' },
        { url: 'https://www.britannica.com/place/Paris', title: 'Paris | Britannica' },
      ],
    });
    const res = await h.chat(u.token, { message: 'Capital of France?', model: 'perplexity' }, true);
    const done = sseEvents(res.body).find((e) => e.event === 'done')?.data as {
      sources: { url: string }[];
      sessionId: string;
    };
    expect(done.sources.map((s) => s.url)).toEqual([
      'https://en.wikipedia.org/wiki/Paris',
      'https://www.britannica.com/place/Paris',
    ]);
    const detail = (await h.call('GET', `/api/playground/sessions/${done.sessionId}`, u.token)).json().data;
    expect(detail.messages[1].sources.map((s: { url: string }) => s.url)).toEqual(
      done.sources.map((s) => s.url),
    );
  });

  it('keeps a model’s reasoning apart from its answer', async () => {
    const u = await h.signUp();
    h.fake.next({ kind: 'reply', text: 'It is 4.', reasoning: 'Two and two make four.' });
    const res = await h.chat(u.token, { message: '2+2?', model: 'claude' });
    expect(res.json().data).toMatchObject({ response: 'It is 4.', reasoning: 'Two and two make four.' });
    h.fake.next({ kind: 'reply', text: 'Four.', reasoning: 'Adding.' });
    const local = await h.chat(u.token, { message: '2+2?', model: 'local/llama-fake' });
    expect(local.json().data).toMatchObject({ response: 'Four.', reasoning: 'Adding.' });
  });

  it('waits for a slow first token', async () => {
    const u = await h.signUp();
    h.fake.next({ kind: 'reply', text: 'Finally here.', firstTokenDelayMs: 300 });
    const res = await h.chat(u.token, { message: 'Slow?', model: 'chatgpt' });
    expect(res.json().data.response).toBe('Finally here.');
  });
});

describe("OpenAI's Responses API", () => {
  it('answers through POST /v1/responses when the operator chooses it', async () => {
    const t = await createTestApp({ env: { ...fakeAiEnv(h.fake), OPENAI_API: 'responses' } });
    try {
      const { token } = await apiHelpers(() => t).signUp('Rhea Responses');
      h.fake.next({ kind: 'reply', text: 'Answered by the Responses API.' });
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/playground/chat',
        payload: { message: 'Which API?', model: 'chatgpt' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(chat.statusCode, chat.body).toBe(200);
      expect(chat.json().data).toMatchObject({
        response: 'Answered by the Responses API.',
        usage: { inputTokens: 12, outputTokens: 5, estimated: false },
      });
      expect(h.fake.requests.at(-1)?.path).toBe('/v1/responses');

      h.fake.next({ kind: 'stream-error', afterTokens: 1, text: 'Broken reply' });
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/playground/chat',
        payload: { message: 'Again?', model: 'chatgpt' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(broken.statusCode).toBe(502);
      expect(broken.json().message).toBe('Failed to get AI response');
    } finally {
      await t.close();
    }
  });
});
