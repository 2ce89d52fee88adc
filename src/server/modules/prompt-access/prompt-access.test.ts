import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt } from '../../../../tests/support/factories';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import { nowIso } from '../../lib/time';
import { type AccessSubject, type Viewer, canSee, isPremiumTry, readReason } from './service';

/*
 * Who may see a premium prompt, read its text or try it, asked of every endpoint that shows a prompt
 * (issue 51; decision 039): the marketplace's page, download and reviews, the playground's prompt
 * endpoint, chat and sessions. On SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let author: { token: string; id: string };

beforeAll(async () => {
  h = await startPlayground();
  author = await h.signUp('Creator Carla');
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

const SECRET =
  'You are a forensic accountant. Trace every transfer above the threshold, flag round-number payments to new vendors, and explain each flag in one line.';
/** Words from the part of the text no preview shows. */
const HIDDEN_PART = 'explain each flag in one line';

const premium = (overrides: Parameters<typeof insertPrompt>[2] = {}) =>
  insertPrompt(h.t.database.db, author.id, {
    title: 'Forensic Accountant',
    type: 'premium',
    price_minor: 999,
    content: SECRET,
    ...overrides,
  });

/** Every answer a caller gets about a prompt: its page, download, reviews, the playground's view of it. */
async function answers(id: string, token?: string) {
  const [page, download, reviews, playground] = await Promise.all([
    h.call('GET', `/api/marketplace/prompts/${id}`, token),
    h.call('POST', `/api/marketplace/prompts/${id}/download`, token),
    h.call('GET', `/api/marketplace/prompts/${id}/reviews`, token),
    h.call('GET', `/api/playground/prompts/${id}`, token),
  ]);
  return { page, download, reviews, playground };
}

describe('a buyer', () => {
  it('keeps an archived prompt: its page, its text, its download, the playground, chats that are no tries', async () => {
    const prompt = await premium();
    const buyer = await h.signUp('Bob Buyer');
    await h.buy(prompt.id, buyer.id);
    // Deleting a prompt that has buyers archives it.
    const deleted = await h.call('DELETE', `/api/user/prompts/${prompt.id}`, author.token);
    expect(deleted.json().data).toEqual({ deleted: false, archived: true });

    const { page, download, reviews, playground } = await answers(prompt.id, buyer.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      content: SECRET,
      access: { canViewContent: true, reason: 'purchased' },
    });
    expect(download.json().data.content).toBe(SECRET);
    expect(reviews.statusCode).toBe(200);
    expect(playground.json().data).toMatchObject({ content: SECRET, triesLeft: null });
    for (let i = 0; i < 4; i++) {
      expect(
        (await h.chat(buyer.token, { message: 'Use it', model: 'claude', promptId: prompt.id })).statusCode,
      ).toBe(200);
    }
  });

  it('keeps a prompt its author took back to draft', async () => {
    const prompt = await premium();
    const buyer = await h.signUp('Bea Buyer');
    await h.buy(prompt.id, buyer.id);
    expect((await h.call('POST', `/api/user/prompts/${prompt.id}/unpublish`, author.token)).statusCode).toBe(
      200,
    );
    expect(
      (await h.call('GET', `/api/marketplace/prompts/${prompt.id}`, buyer.token)).json().data.content,
    ).toBe(SECRET);
    expect((await h.call('GET', `/api/marketplace/prompts/${prompt.id}`)).statusCode).toBe(404);
  });

  it('refunded, loses a prompt that is no longer published, as everyone else does', async () => {
    const prompt = await premium({ status: 'archived' });
    const refunded = await h.signUp('Rita Refunded');
    await h.buy(prompt.id, refunded.id);
    await h.t.database.db
      .updateTable('purchases')
      .set({ revoked_at: nowIso() })
      .where('buyer_id', '=', refunded.id)
      .execute();
    const stranger = await h.signUp('Sam Stranger');
    for (const token of [refunded.token, stranger.token, undefined]) {
      const all = await answers(prompt.id, token);
      expect(all.page.statusCode).toBe(404);
      expect(all.reviews.statusCode).toBe(404);
      if (token) {
        expect(all.download.statusCode).toBe(404);
        expect(all.playground.statusCode).toBe(404);
        const chat = await h.chat(token, { message: 'Go', model: 'claude', promptId: prompt.id });
        expect(chat.statusCode).toBe(404);
      }
    }
    expect(h.fake.requests).toHaveLength(0);
  });
});

describe('premium text', () => {
  it('reaches no one who may not read it: marketplace page, download, playground prompt, try sessions', async () => {
    const prompt = await premium();
    const u = await h.signUp('Nora Nonbuyer');
    // An admin signed in on the web, not through the admin panel, reads no more than a user.
    const admin = await h.signInAdmin();
    const adminWeb = (
      await h.call('POST', '/api/auth/login', undefined, { email: admin.email, password: 'admin-pass-123' })
    ).json().data.token as string;
    h.fake.setFallback({ kind: 'reply', text: 'Here is the trace of the transfers you described.' });
    const tried = await h.chat(u.token, { message: 'Go', model: 'claude', promptId: prompt.id });
    expect(tried.statusCode).toBe(200);
    const sessionId = tried.json().data.sessionId;

    for (const token of [u.token, adminWeb, undefined]) {
      const { page, download, playground } = await answers(prompt.id, token);
      expect(page.json().data).toMatchObject({
        content: null,
        access: { canViewContent: false, reason: 'locked' },
      });
      expect(page.json().data.preview).toMatch(/…$/);
      expect(download.statusCode).toBe(token ? 403 : 401);
      expect(playground.statusCode).toBe(token ? 200 : 401);
      for (const res of [page, download, playground]) expect(res.body).not.toContain(HIDDEN_PART);
    }
    const session = await h.call('GET', `/api/playground/sessions/${sessionId}`, u.token);
    const list = await h.call('GET', '/api/playground/sessions', u.token);
    for (const res of [tried, session, list]) expect(res.body).not.toContain(HIDDEN_PART);
    // The model had it, on the server.
    expect(JSON.stringify(h.fake.requests[0]!.body)).toContain(HIDDEN_PART);
    // Through the admin panel, an admin reads it.
    expect(
      (await h.call('GET', `/api/marketplace/prompts/${prompt.id}`, admin.token)).json().data.content,
    ).toBe(SECRET);
  });
});

describe('the rules', () => {
  const prompt = (status: string, type = 'premium'): AccessSubject => ({
    id: 'p',
    type,
    status,
    author_id: 'a',
    team_id: null,
  });
  const user: Viewer = { userId: 'u', admin: false };
  const nobody: Viewer = { userId: null, admin: false };

  it.each([
    ['published', nobody, false, true, 'locked'],
    ['published', user, false, true, 'locked'],
    ['published', user, true, true, 'purchased'],
    ['archived', user, false, false, 'locked'],
    ['archived', user, true, true, 'purchased'],
    ['draft', user, true, true, 'purchased'],
    ['rejected', user, true, true, 'purchased'],
    ['draft', { userId: 'a', admin: false }, false, true, 'author'],
    ['draft', { userId: 'x', admin: true }, false, true, 'admin'],
  ] as const)('a %s prompt, viewer %o, owns %s: sees %s, reads %s', (status, viewer, owns, sees, reason) => {
    expect(canSee(prompt(status), viewer, owns)).toBe(sees);
    expect(readReason(prompt(status), viewer, owns)).toBe(reason);
    expect(isPremiumTry(sees, readReason(prompt(status), viewer, owns))).toBe(sees && reason === 'locked');
  });

  it('lets everyone read a free prompt that is published, and no one but its author and admins see a draft', () => {
    expect(readReason(prompt('published', 'free'), nobody, false)).toBe('free');
    expect(canSee(prompt('draft', 'free'), user, false)).toBe(false);
  });
});
