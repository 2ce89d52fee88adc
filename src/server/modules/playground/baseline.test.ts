import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { insertPrompt } from '../../../../tests/support/factories';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { type PlaygroundHarness, sseEvents, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { BASELINE_ONLY_FOR_TRIES } from '../../../shared/playground';
import { normalize } from './leak-guard';

/*
 * A try against a baseline (issue 56): with the first message of a premium try, the same model
 * answers the same message without the prompt, side by side. One try is counted, the baseline's
 * request carries no prompt text (asserted at the fake provider), and it is refused where there is
 * no hidden prompt to compare with. SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;
const SECRET =
  'You are a meticulous travel planner. Build a day-by-day itinerary for {{city}} that balances museums, food markets and rest, with a budget line for each day.';
let premiumId = '';
let freeId = '';

beforeAll(async () => {
  h = await startPlayground();
  ({ fake, t } = h);
  const author = await h.quickUser('Author Ava');
  premiumId = (
    await insertPrompt(t.database.db, author.id, { type: 'premium', price_minor: 499, content: SECRET })
  ).id;
  freeId = (await insertPrompt(t.database.db, author.id, { content: 'Plan a trip to {{city}}.' })).id;
});
afterAll(() => h?.close());
beforeEach(() => fake.reset());

const systemText = (body: Record<string, unknown>) => {
  const system = body.system as { text: string }[] | string | undefined;
  return typeof system === 'string' ? system : (system ?? []).map((p) => p.text).join('');
};

it('answers with and without the prompt side by side, as one try, the baseline never sent the prompt', async () => {
  const u = await h.quickUser();
  fake.setFallback({ kind: 'reply', text: 'Day 1: the Rijksmuseum, then the Albert Cuyp market.' });
  const res = await h.chat(u.token, {
    message: 'Three days, mid-range budget.',
    model: 'claude',
    promptId: premiumId,
    variables: { city: 'Amsterdam' },
    baseline: true,
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data.response).toContain('Rijksmuseum');
  expect(data.baseline).toMatchObject({
    response: 'Day 1: the Rijksmuseum, then the Albert Cuyp market.',
    costMicros: expect.any(Number),
  });

  const calls = fake.requests.filter((r) => r.path.endsWith('/messages'));
  expect(calls).toHaveLength(2);
  const [withPrompt, baseline] = [...calls].sort((a) => (systemText(a.body).includes('<prompt>') ? -1 : 1));
  expect(systemText(withPrompt!.body)).toContain('itinerary for Amsterdam');
  const sent = normalize(JSON.stringify(baseline!.body));
  expect(sent).toContain('three days, mid-range budget.');
  const secret = normalize(SECRET);
  for (let i = 0; i + 20 <= secret.length; i += 5) expect(sent).not.toContain(secret.slice(i, i + 20));
  expect(sent).not.toContain('amsterdam');

  // One try and one session were counted, as for a try without a baseline.
  const info = (await h.call('GET', `/api/playground/prompts/${premiumId}`, u.token)).json().data;
  expect(info.triesLeft).toBe(2);
  expect((await h.call('GET', '/api/playground/usage', u.token)).json().data.current).toBe(1);
});

it('streams the try and ends with both answers in the done event', async () => {
  const u = await h.quickUser();
  fake.setFallback({ kind: 'reply', text: 'A plain plan.' });
  const res = await h.chat(
    u.token,
    {
      message: 'Two days.',
      model: 'chatgpt',
      promptId: premiumId,
      variables: { city: 'Porto' },
      baseline: true,
    },
    true,
  );
  const done = sseEvents(res.body).find((e) => e.event === 'done')!.data as {
    baseline: { response: string };
  };
  expect(done.baseline.response).toBe('A plain plan.');
});

it('keeps the try when the baseline fails, and reports the baseline as unanswered', async () => {
  const u = await h.quickUser();
  fake.setFallback({
    kind: 'status',
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message: 'no' } },
  });
  fake.next({ kind: 'reply', text: 'The try answered.' });
  const res = await h.chat(u.token, {
    message: 'One day.',
    model: 'claude',
    promptId: premiumId,
    variables: { city: 'Lyon' },
    baseline: true,
  });
  // Which request the fake answers first is a race: one of the two failed.
  if (res.statusCode === 200) {
    expect(res.json().data.baseline.response).toBeNull();
  } else {
    expect(res.statusCode).toBe(502);
  }
});

it('is refused without a premium try to compare with', async () => {
  const u = await h.quickUser();
  for (const body of [
    { message: 'Hi', model: 'claude', baseline: true },
    { message: 'Hi', model: 'claude', promptId: freeId, baseline: true },
  ]) {
    const res = await h.chat(u.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: BASELINE_ONLY_FOR_TRIES });
  }
  expect(fake.requests).toEqual([]);
  const first = await h.chat(u.token, {
    message: 'Hi',
    model: 'claude',
    promptId: premiumId,
    variables: { city: 'Oslo' },
  });
  const later = await h.chat(u.token, {
    message: 'More',
    model: 'claude',
    sessionId: first.json().data.sessionId,
    baseline: true,
  });
  expect(later.statusCode).toBe(400);
  expect(later.json().message).toBe(BASELINE_ONLY_FOR_TRIES);
  expect(
    (
      await h.call('POST', '/api/playground/chat', undefined, {
        message: 'x',
        model: 'claude',
        baseline: true,
      })
    ).statusCode,
  ).toBe(401);
});
