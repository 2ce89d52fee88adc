import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiHelpers } from '../../support/api';
import { type FakeAi, fakeAiEnv, startFakeAi } from '../../support/fake-ai';
import { type TestApp, createTestApp } from '../../support/test-app';
import { OUTAGE_FAILURES } from '../../../src/server/integrations/ai/providers';

/*
 * A provider outage (issue 58): once a provider has failed OUTAGE_FAILURES calls in a row its models
 * are marked unavailable, and turns to them fail at once without calling it, rather than each
 * waiting on the dead provider; after AI_OUTAGE_RETRY_MS one turn tests it again, and when it
 * answers its models are back. Other providers are not touched.
 */

let fake: FakeAi;
let t: TestApp;
const api = apiHelpers(() => t);

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({
    env: {
      ...fakeAiEnv(fake),
      AI_MAX_RETRIES: '0',
      AI_OUTAGE_RETRY_MS: '400',
      PLAYGROUND_RATE_LIMIT: '10000',
      RATE_LIMIT_MAX: '100000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const chat = (token: string, model: string) =>
  api.call('POST', '/api/playground/chat', token, { message: 'Are you there?', model });

async function statusOf(adminToken: string, choice: string): Promise<string> {
  const res = await api.call('GET', '/api/admin/models', adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const models = res.json().data.models as { status: string; choices: string[] }[];
  return models.find((m) => m.choices.includes(choice))!.status;
}

it('marks a provider that stopped answering unavailable, fails its turns at once, and tests it again later', async () => {
  const user = await api.signUp();
  const admin = await api.signInAdmin();
  const anthropicCalls = () => fake.requests.filter((r) => r.path.endsWith('/messages')).length;

  fake.setFallback({ kind: 'status', status: 503, times: 1_000 });
  for (let i = 0; i < OUTAGE_FAILURES; i++) {
    const res = await chat(user.token, 'claude');
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
  }
  expect(anthropicCalls()).toBe(OUTAGE_FAILURES);
  expect(await statusOf(admin.token, 'claude')).toBe('unavailable');
  // The other providers are not affected.
  expect(await statusOf(admin.token, 'chatgpt')).not.toBe('unavailable');

  // While it is out, a turn fails without calling it.
  const failed = await chat(user.token, 'claude');
  expect(failed.statusCode).toBeGreaterThanOrEqual(500);
  expect(failed.json()).toMatchObject({ success: false, message: 'Failed to get AI response' });
  expect(anthropicCalls()).toBe(OUTAGE_FAILURES);

  // It recovers; after the wait one turn tests it, succeeds, and its models are back.
  fake.reset();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const back = await chat(user.token, 'claude');
  expect(back.statusCode, back.body).toBe(200);
  expect(back.json().data.response).toBe('Hello from the fake model.');
  expect(await statusOf(admin.token, 'claude')).toBe('reachable');
});

it('does not count a refused request (a 4xx: the provider answering) as an outage', async () => {
  const user = await api.signUp();
  const admin = await api.signInAdmin();
  fake.reset();
  fake.setFallback({ kind: 'status', status: 400, times: 1_000 });
  for (let i = 0; i < OUTAGE_FAILURES + 1; i++) await chat(user.token, 'chatgpt');
  expect(await statusOf(admin.token, 'chatgpt')).not.toBe('unavailable');
  fake.reset();
  const ok = await chat(user.token, 'chatgpt');
  expect(ok.statusCode, ok.body).toBe(200);
});
