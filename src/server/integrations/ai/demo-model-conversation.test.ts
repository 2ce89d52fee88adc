import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { apiHelpers } from '../../../../tests/support/api';
import { JUDGE_SYSTEM, judgeMessage, verdictOf } from '../../../shared/prompt-tests';

import { demoReply } from './demo-model';

/*
 * The offline demo model (no provider key) describes the conversation it is in, through the chat API:
 * it mentions a marketplace prompt only in a try of one, never in a plain chat; asked to judge a
 * prompt test's rubric, it counts the rubric's words in the answer and says so.
 */

const GUIDED = 'A marketplace prompt is guiding this conversation.';
const TIP = 'Tip: try a prompt from the marketplace to see a structured prompt at work.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_MODEL_DELAY_MS: '0', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

const user = () => h.signUp('Dee Demo');

async function reply(token: string, payload: object): Promise<{ text: string; sessionId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/playground/chat',
    payload: { model: 'claude', ...payload },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.json().data.response, sessionId: res.json().data.sessionId };
}

describe('the offline demo model', () => {
  it('does not claim a marketplace prompt in a plain chat, on any turn', async () => {
    const { token } = await user();
    const first = await reply(token, { message: 'Plan a three-day trip to Lisbon' });
    expect(first.text).toContain('**Offline demo model**');
    expect(first.text).not.toContain(GUIDED);
    expect(first.text).toContain(TIP);
    const second = await reply(token, { message: 'Make it cheaper', sessionId: first.sessionId });
    expect(second.text).toContain('This is message 2 of our conversation');
    expect(second.text).not.toContain(GUIDED);
  });

  it('says a marketplace prompt guides a try of a premium prompt, on every turn', async () => {
    const author = await user();
    const premium = await insertPrompt(t.database.db, author.id, {
      type: 'premium',
      price_minor: 499,
      content: 'You are a travel agent. Plan every day hour by hour, with prices.',
    });
    const { token } = await user();
    const first = await reply(token, { message: 'Plan a three-day trip to Lisbon', promptId: premium.id });
    expect(first.text).toContain(GUIDED);
    expect(first.text).not.toContain(TIP);
    const second = await reply(token, { message: 'Make it cheaper', sessionId: first.sessionId });
    expect(second.text).toContain(GUIDED);
  });

  it('labels its token counts as estimates, priced like any model', async () => {
    const { token } = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playground/chat',
      payload: { model: 'chatgpt', message: 'Hello there' },
      headers: { authorization: `Bearer ${token}` },
    });
    const usage = res.json().data.usage;
    expect(usage).toMatchObject({ estimated: true });
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    // gpt-4o-mini's default price: 0.15 and 0.60 a million tokens.
    expect(usage.costMicros).toBe(
      Math.round((usage.inputTokens * 150_000 + usage.outputTokens * 600_000) / 1e6),
    );
  });
});

describe("the offline demo model as a rubric's judge", () => {
  const judge = (rubric: string, answer: string) =>
    demoReply('claude', [
      { role: 'system', content: JUDGE_SYSTEM },
      { role: 'user', content: [{ type: 'text', text: judgeMessage(rubric, answer) }] },
    ]);

  it('gives a verdict the runs read, and says it counted words rather than judged', () => {
    const rubric = 'Friendly, names the widget and speaks to shop owners.';
    const passed = judge(rubric, 'Friendly news for shop owners: meet the widget.');
    expect(verdictOf(passed)).toBe(true);
    expect(passed).toContain("Offline demo model: the answer uses 3 of the rubric's 5 longer words");
    const failed = judge(rubric, 'A short note.');
    expect(verdictOf(failed)).toBe(false);
    expect(failed.split('\n')[1]).toMatch(/a real model would judge it\.$/);
  });
});
