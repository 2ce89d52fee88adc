import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt } from '../../../../tests/support/factories';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import { LIMIT_REACHED_MESSAGE } from '../../../shared/playground';
import { nowIso } from '../../lib/time';
import { planAllowance, slotAvailable, triesLeft } from './allowance';

/*
 * The allowance is a ledger (issue 51, findings 4 and 5; decision 039): a slot of the month and a
 * premium try stay taken whatever becomes of their session. Through the HTTP API, on SQLite and
 * PostgreSQL.
 */

let h: PlaygroundHarness;
let admin: { token: string };

beforeAll(async () => {
  h = await startPlayground();
  admin = await h.signInAdmin();
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

const TRIES_USED_UP = 'You have used your 3 tries of this premium prompt. Buy it to keep using it.';

const usage = async (token: string) => (await h.call('GET', '/api/playground/usage', token)).json().data;
const sessions = async (token: string): Promise<{ id: string }[]> =>
  (await h.call('GET', '/api/playground/sessions', token)).json().data.sessions;
const deleteSession = (token: string, id: string) =>
  h.call('DELETE', `/api/playground/sessions/${id}`, token);

/** Every figure of the month's usage the product shows: the counter, the account, the dashboard, the admin list. */
async function figures(user: { token: string; email: string }) {
  const [counter, me, dashboard, list] = await Promise.all([
    usage(user.token),
    h.call('GET', '/api/auth/me', user.token),
    h.call('GET', '/api/user/dashboard', user.token),
    h.call('GET', `/api/admin/users?search=${encodeURIComponent(user.email)}`, admin.token),
  ]);
  return [
    counter.current,
    me.json().data.user.usage.playgroundSessions.current,
    dashboard.json().data.sessions.current,
    list.json().data.users[0].usage.playgroundSessions,
  ];
}

async function premiumPrompt() {
  const author = await h.signUp('Creator Carla');
  return insertPrompt(h.t.database.db, author.id, {
    title: 'Negotiation Coach',
    type: 'premium',
    price_minor: 999,
    content: 'You are a negotiation coach. Ask for the offer, the market rate and the walk-away point first.',
  });
}

describe('monthly sessions', () => {
  it('stay taken when a session is deleted: after ten on Free and one deleted, the eleventh is refused', async () => {
    const u = await h.signUp();
    for (let i = 0; i < 10; i++)
      expect((await h.chat(u.token, { message: `chat ${i}`, model: 'claude' })).statusCode).toBe(200);
    const [first] = await sessions(u.token);
    expect((await deleteSession(u.token, first!.id)).statusCode).toBe(200);
    expect(await figures(u)).toEqual([10, 10, 10, 10]);

    const asked = h.fake.requests.length;
    const refused = await h.chat(u.token, { message: 'one more', model: 'claude' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: LIMIT_REACHED_MESSAGE });
    // A refused turn never reaches the provider.
    expect(h.fake.requests.length).toBe(asked);
  });

  it('never go down within the month, whatever is cleared or deleted', async () => {
    const u = await h.signUp();
    const seen: number[] = [];
    const note = async () => seen.push(...(await figures(u)));
    await h.chat(u.token, { message: 'first', model: 'claude' });
    await note();
    // Clear Chat starts a fresh session; the old one stays in history.
    await h.chat(u.token, { message: 'after clearing', model: 'chatgpt' });
    await note();
    for (const s of await sessions(u.token)) {
      await deleteSession(u.token, s.id);
      await note();
    }
    expect(await sessions(u.token)).toEqual([]);
    expect(seen).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('are not taken by a failed first reply; the session takes its slot when a reply succeeds', async () => {
    const u = await h.signUp();
    h.fake.next({ kind: 'status', status: 500, times: 3 });
    const failed = await h.chat(u.token, { message: 'hello', model: 'claude' });
    expect(failed.statusCode).toBe(502);
    expect((await usage(u.token)).current).toBe(0);
    const [session] = await sessions(u.token);
    expect(
      (await h.chat(u.token, { message: 'again', model: 'claude', sessionId: session!.id })).statusCode,
    ).toBe(200);
    expect(
      (await h.chat(u.token, { message: 'and again', model: 'claude', sessionId: session!.id })).statusCode,
    ).toBe(200);
    expect((await usage(u.token)).current).toBe(1);
  });
});

describe('premium tries', () => {
  it('stay used when their sessions are deleted: the fourth try is refused', async () => {
    const prompt = await premiumPrompt();
    const u = await h.signUp();
    for (let i = 0; i < 3; i++) {
      expect(
        (await h.chat(u.token, { message: 'Go', model: 'claude', promptId: prompt.id })).statusCode,
      ).toBe(200);
    }
    for (const s of await sessions(u.token))
      expect((await deleteSession(u.token, s.id)).statusCode).toBe(200);
    const info = (await h.call('GET', `/api/playground/prompts/${prompt.id}`, u.token)).json().data;
    expect(info).toMatchObject({ triesLeft: 0, triesTotal: 3, content: null });
    const fourth = await h.chat(u.token, { message: 'Again', model: 'claude', promptId: prompt.id });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().message).toBe(TRIES_USED_UP);
  });

  it('cannot be stretched by going back to a try whose first reply failed', async () => {
    const prompt = await premiumPrompt();
    const u = await h.signUp();
    const tryIt = (sessionId?: string) =>
      h.chat(u.token, {
        message: 'Go',
        model: 'claude',
        ...(sessionId ? { sessionId } : { promptId: prompt.id }),
      });
    expect((await tryIt()).statusCode).toBe(200);
    expect((await tryIt()).statusCode).toBe(200);
    h.fake.next({ kind: 'status', status: 500, times: 3 });
    expect((await tryIt()).statusCode).toBe(502);
    const [failed] = await sessions(u.token);
    expect((await tryIt()).statusCode).toBe(200);
    // Three tries used; the failed one holds none and may not become a fourth.
    const resumed = await tryIt(failed!.id);
    expect(resumed.statusCode).toBe(403);
    expect(resumed.json().message).toBe(TRIES_USED_UP);
  });

  it("make a refunded buyer's old session a try again", async () => {
    const prompt = await premiumPrompt();
    const u = await h.signUp();
    await h.buy(prompt.id, u.id);
    const own = await h.chat(u.token, { message: 'Go', model: 'claude', promptId: prompt.id });
    const info = async () =>
      (await h.call('GET', `/api/playground/prompts/${prompt.id}`, u.token)).json().data;
    expect((await info()).triesLeft).toBeNull();
    await h.t.database.db
      .updateTable('purchases')
      .set({ revoked_at: nowIso() })
      .where('buyer_id', '=', u.id)
      .execute();
    const sessionId = own.json().data.sessionId;
    expect((await h.chat(u.token, { message: 'More', model: 'claude', sessionId })).statusCode).toBe(200);
    expect((await h.chat(u.token, { message: 'More', model: 'claude', sessionId })).statusCode).toBe(200);
    expect(await info()).toMatchObject({ triesLeft: 2, content: null });
  });

  it('let exactly three through when ten first messages arrive at once', async () => {
    const prompt = await premiumPrompt();
    const u = await h.signUp();
    h.fake.setFallback({ kind: 'reply', text: 'ok', delayMs: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.chat(u.token, { message: 'Go', model: 'chatgpt', promptId: prompt.id }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 403, 403, 403, 403, 403, 403, 403]);
    expect((await h.call('GET', `/api/playground/prompts/${prompt.id}`, u.token)).json().data.triesLeft).toBe(
      0,
    );
  });
});

describe('the rules', () => {
  it('give admins 999999, a plan without a limit unlimited, and the free plan its limit', () => {
    const free = { name: 'Free', sessionLimit: 10 };
    expect(planAllowance('admin', null, free)).toEqual({ limit: 999999, unlimited: false, plan: 'Admin' });
    expect(planAllowance('user', { name: 'Premium', sessionLimit: null }, free)).toEqual({
      limit: 999999,
      unlimited: true,
      plan: 'Premium',
    });
    expect(planAllowance('user', null, free)).toEqual({ limit: 10, unlimited: false, plan: 'Free' });
    expect(planAllowance('user', null, null)).toEqual({ limit: 10, unlimited: false, plan: 'Free' });
    expect(slotAvailable(9, planAllowance('user', null, free))).toBe(true);
    expect(slotAvailable(10, planAllowance('user', null, free))).toBe(false);
    expect(triesLeft(5, 3)).toBe(0);
  });
});
