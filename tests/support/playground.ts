import crypto from 'node:crypto';
import { nowIso } from '../../src/server/lib/time';
import { apiHelpers } from './api';
import { type FakeAi, fakeAiEnv, startFakeAi } from './fake-ai';
import { type TestApp, createTestApp } from './test-app';

/*
 * The whole app against the fake AI providers, with the seeded plans' allowances (Free: 10 sessions
 * a month; Premium: unlimited), for tests of the playground through its HTTP API.
 */

export const FREE_PLAN = 'plan-free';
export const PREMIUM_PLAN = 'plan-premium';

/** One server-sent events body as its events, in order. */
export function sseEvents(body: string): { event: string | undefined; data: unknown }[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return { event, data: data ? (JSON.parse(data) as unknown) : null };
    });
}

/** The text a streamed reply showed: its token events joined. */
export const streamedText = (body: string) =>
  sseEvents(body)
    .filter((e) => e.event === 'token')
    .map((e) => (e.data as { text: string }).text)
    .join('');

/** `env` adds to the app's environment (e.g. a payment gateway's). */
export async function startPlayground(
  options: { env?: Record<string, string> } = {},
): Promise<PlaygroundHarness> {
  const fake = await startFakeAi();
  const t = await createTestApp({
    env: {
      ...fakeAiEnv(fake),
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      PLAYGROUND_RATE_LIMIT: '10000',
      AI_TIMEOUT_MS: '1500',
      ...options.env,
    },
  });
  const now = nowIso();
  const plan = { created_at: now, updated_at: now };
  await t.database.db
    .insertInto('plans')
    .values([
      {
        ...plan,
        id: FREE_PLAN,
        slug: 'free',
        name: 'Free',
        price_monthly_minor: 0,
        session_limit: 10,
        sort_order: 1,
      },
      {
        ...plan,
        id: PREMIUM_PLAN,
        slug: 'premium',
        name: 'Premium',
        price_monthly_minor: 1900,
        session_limit: null,
        sort_order: 2,
      },
    ])
    .execute();
  const api = apiHelpers(() => t);
  return {
    t,
    fake,
    ...api,
    chat: (token, payload, stream = false) =>
      t.app.inject({
        method: 'POST',
        url: '/api/playground/chat',
        payload,
        headers: { authorization: `Bearer ${token}`, ...(stream ? { accept: 'text/event-stream' } : {}) },
      }),
    async buy(promptId, buyerId) {
      await t.database.db
        .insertInto('purchases')
        .values({
          id: crypto.randomUUID(),
          prompt_id: promptId,
          buyer_id: buyerId,
          amount_minor: 999,
          creator_share_minor: 799,
          currency: 'USD',
          created_at: nowIso(),
        })
        .execute();
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export interface PlaygroundHarness extends ReturnType<typeof apiHelpers> {
  t: TestApp;
  fake: FakeAi;
  chat(token: string, payload: object, stream?: boolean): ReturnType<ReturnType<typeof apiHelpers>['call']>;
  /** Records a purchase of the prompt (what a captured payment grants). */
  buy(promptId: string, buyerId: string): Promise<void>;
  close(): Promise<void>;
}
