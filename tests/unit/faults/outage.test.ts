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
      // The adapters' own retries stay on (two, with backoff): a refusal must still be at once.
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

/** Whether the playground's model list offers `id` as available to this user. */
async function available(token: string, id: string): Promise<boolean> {
  const res = await api.call('GET', '/api/playground/models', token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.models as { id: string; available: boolean }[]).find((m) => m.id === id)!.available;
}

async function sessionsUsed(token: string): Promise<number> {
  const res = await api.call('GET', '/api/playground/usage', token);
  return res.json().data.current as number;
}

async function statusOf(adminToken: string, choice: string): Promise<string> {
  const res = await api.call('GET', '/api/admin/models', adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const models = res.json().data.models as { status: string; choices: string[] }[];
  return models.find((m) => m.choices.includes(choice))!.status;
}

it('marks a provider that stopped answering unavailable, refuses its turns at once, and tests it again later', async () => {
  const user = await api.signUp();
  const admin = await api.signInAdmin();
  const anthropicCalls = () => fake.requests.filter((r) => r.path.endsWith('/messages')).length;

  fake.setFallback({ kind: 'status', status: 503, times: 1_000 });
  // Each failed turn made its first call and two retries: two turns open the circuit.
  await chat(user.token, 'claude');
  expect(await available(user.token, 'claude')).toBe(true);
  await chat(user.token, 'claude');
  const calls = anthropicCalls();
  expect(calls).toBeGreaterThanOrEqual(OUTAGE_FAILURES);
  expect(await statusOf(admin.token, 'claude')).toBe('unavailable');
  expect(await available(user.token, 'claude')).toBe(false);
  expect(await available(user.token, 'chatgpt')).toBe(true);
  // The other providers are not affected.
  expect(await statusOf(admin.token, 'chatgpt')).not.toBe('unavailable');

  // While it is out, a turn is refused at once (no retries, no backoff) without calling it, and
  // takes nothing from the allowance.
  const usedBefore = await sessionsUsed(user.token);
  const startedAt = Date.now();
  const failed = await chat(user.token, 'claude');
  expect(Date.now() - startedAt).toBeLessThan(1_000);
  expect(failed.statusCode).toBe(503);
  expect(failed.json()).toMatchObject({ success: false, message: 'Failed to get AI response' });
  expect(anthropicCalls()).toBe(calls);
  expect(await sessionsUsed(user.token)).toBe(usedBefore);

  // It recovers; after the wait the next turn tests it, succeeds, and its models are back.
  fake.reset();
  // Its wait (AI_OUTAGE_RETRY_MS, jittered by cockatiel's backoff) ends: offered again, untested.
  await expect.poll(() => available(user.token, 'claude'), { timeout: 5_000 }).toBe(true);
  const back = await chat(user.token, 'claude');
  expect(back.statusCode, back.body).toBe(200);
  expect(back.json().data.response).toBe('Hello from the fake model.');
  expect(await statusOf(admin.token, 'claude')).toBe('reachable');
  expect(await available(user.token, 'claude')).toBe(true);
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
