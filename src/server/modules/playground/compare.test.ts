import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiHelpers } from '../../../../tests/support/api';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { type PlaygroundHarness, sseEvents, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { LIMIT_REACHED_MESSAGE } from '../../../shared/playground';
import { nowIso } from '../../lib/time';
import { monthOf } from './allowance';

/*
 * Compare side by side over HTTP against the fake providers: one message to two or three models,
 * each column a session of its own that counts against the allowance only when its first reply
 * succeeds (product-decisions.md), refusals per column, and nobody's session but one's own.
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

const used = async (token: string) =>
  (await call('GET', '/api/playground/usage', token)).json().data.current as number;

/** Marks `n` sessions of this month as taken. */
async function take(userId: string, n: number) {
  const now = nowIso();
  for (let i = 0; i < n; i++) {
    await t.database.db
      .insertInto('allowance_entries')
      .values({
        session_id: crypto.randomUUID(),
        kind: 'session',
        user_id: userId,
        prompt_id: null,
        month: monthOf(),
        created_at: now,
      })
      .execute();
  }
}

type Column = {
  model: string;
  sessionId: string | null;
  error: { message: string } | null;
  reply: { response: string } | null;
};
const compare = async (token: string, body: object) => {
  const res = await call('POST', '/api/playground/compare', token, body);
  return { res, columns: (res.json().data?.columns ?? []) as Column[] };
};

describe('compare side by side', () => {
  it('answers one message from two models, each in a session of its own, counting each', async () => {
    const u = await quickUser();
    fake.setFallback({ kind: 'reply', text: 'An answer.' });
    const { res, columns } = await compare(u.token, {
      message: 'Which is larger, a lynx or a bobcat?',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    expect(res.statusCode).toBe(200);
    expect(columns.map((c) => [c.model, c.reply?.response, c.error])).toEqual([
      ['claude', 'An answer.', null],
      ['chatgpt', 'An answer.', null],
    ]);
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/v1/chat/completions', '/v1/messages']);
    expect(await used(u.token)).toBe(2);
    const sessions = (await call('GET', '/api/playground/sessions', u.token)).json().data.sessions as {
      id: string;
      compareId: string | null;
    }[];
    expect(sessions).toHaveLength(2);
    expect(new Set(sessions.map((s) => s.compareId)).size).toBe(1);
    expect(sessions[0]!.compareId).toBe(res.json().data.compareId);
  });

  it('streams the columns as events, each token and reply naming its column', async () => {
    const u = await quickUser();
    fake.setFallback({ kind: 'reply', text: 'Streamed words here.' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playground/compare',
      payload: {
        message: 'Hi',
        columns: [{ model: 'claude' }, { model: 'chatgpt' }, { model: 'perplexity' }],
      },
      headers: { authorization: `Bearer ${u.token}`, accept: 'text/event-stream' },
    });
    const events = sseEvents(res.body) as { event: string; data: Record<string, unknown> }[];
    expect(events[0]!.event).toBe('compare');
    expect(events.at(-1)!.event).toBe('end');
    for (const column of [0, 1, 2]) {
      const text = events
        .filter((e) => e.event === 'token' && e.data.column === column)
        .map((e) => e.data.text)
        .join('');
      expect(text).toBe('Streamed words here.');
      expect(events.some((e) => e.event === 'done' && e.data.column === column)).toBe(true);
    }
  });

  it('does not count a column whose first reply fails', async () => {
    const u = await quickUser();
    // Columns start in order; the second provider call fails.
    fake.next({ kind: 'reply', text: 'Fine.' }, { kind: 'status', status: 400 });
    const { columns } = await compare(u.token, {
      message: 'Hello',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    expect(columns[0]!.reply?.response).toBe('Fine.');
    expect(columns[1]!.reply).toBeNull();
    expect(columns[1]!.error?.message).toBe('Failed to get AI response');
    expect(await used(u.token)).toBe(1);
  });

  it('refuses the columns past the monthly allowance, and answers the ones within it', async () => {
    const u = await quickUser();
    await take(u.id, 9);
    const { res, columns } = await compare(u.token, {
      message: 'Hello',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }, { model: 'perplexity' }],
    });
    expect(res.statusCode).toBe(200);
    expect(columns[0]!.reply).not.toBeNull();
    expect(columns.slice(1).map((c) => c.error?.message)).toEqual([
      LIMIT_REACHED_MESSAGE,
      LIMIT_REACHED_MESSAGE,
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(await used(u.token)).toBe(10);

    // With nothing left, the compare as a whole is refused with the spec's message.
    const none = await call('POST', '/api/playground/compare', u.token, {
      message: 'Again',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(LIMIT_REACHED_MESSAGE);
  });

  it('goes on with every column in its own session, taking no new slot', async () => {
    const u = await quickUser();
    const first = await compare(u.token, {
      message: 'One',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    const again = await compare(u.token, {
      message: 'Two',
      columns: first.columns.map((c) => ({ model: c.model, sessionId: c.sessionId })),
    });
    expect(again.columns.map((c) => c.sessionId)).toEqual(first.columns.map((c) => c.sessionId));
    expect(await used(u.token)).toBe(2);
  });

  it('refuses a column naming another user’s session, and bad requests with the spec’s messages', async () => {
    const owner = await quickUser();
    const other = await quickUser();
    const mine = await compare(owner.token, {
      message: 'One',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    const { columns } = await compare(other.token, {
      message: 'Hijack',
      columns: [{ model: 'claude', sessionId: mine.columns[0]!.sessionId }, { model: 'chatgpt' }],
    });
    expect(columns[0]!.error?.message).toBe('This conversation could not be found.');
    expect(columns[1]!.reply).not.toBeNull();

    const one = await call('POST', '/api/playground/compare', owner.token, {
      message: 'x',
      columns: [{ model: 'claude' }],
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('Choose two or three models to compare');
    const same = await call('POST', '/api/playground/compare', owner.token, {
      message: 'x',
      columns: [{ model: 'claude' }, { model: 'claude' }],
    });
    expect(same.json().message).toBe('Choose different models to compare');
    expect(
      (await call('POST', '/api/playground/compare', undefined, { message: 'x', columns: [] })).statusCode,
    ).toBe(401);
  });
});
