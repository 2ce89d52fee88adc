import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { versionHelpers } from '../../../../tests/support/versions';
import { seenVersion } from './service';

/* "My library"'s updated badge (decision 066) on both engines: when it shows, who clears it. */

let t: TestApp;
const { call, signUp, createPrompt, edit, buy } = versionHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());

interface Item {
  id: string;
  version: number;
  seenVersion: number;
  updated: boolean;
}

const item = async (token: string, id: string) =>
  ((await call('GET', '/api/user/library', token)).json().data.items as Item[]).find((i) => i.id === id);

const seen = (token: string | undefined, id: string) =>
  call('POST', `/api/user/library/${encodeURIComponent(id)}/seen`, token);

const text = (n: number) => `You write release notes.\nGroup the changes by area, pass ${n}.\nKeep it short.`;

describe('the updated badge', () => {
  it('shows once a newer version than the one bought exists, as v1 → v3, until the buyer opens it', async () => {
    const author = await signUp('Uma Updates');
    const prompt = await createPrompt(author.token, { isPaid: true, price: 3.5 });
    const buyer = await signUp('Ben Buyer');
    await buy(buyer.token, prompt.id);
    expect(await item(buyer.token, prompt.id)).toMatchObject({ version: 1, seenVersion: 1, updated: false });

    await edit(author.token, prompt.id, { content: text(2), note: 'Second' });
    await edit(author.token, prompt.id, { content: text(3), note: 'Third' });
    expect(await item(buyer.token, prompt.id)).toMatchObject({ version: 3, seenVersion: 1, updated: true });

    const res = await seen(buyer.token, prompt.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recorded: true, version: 3 });
    expect(await item(buyer.token, prompt.id)).toMatchObject({ version: 3, seenVersion: 3, updated: false });

    await edit(author.token, prompt.id, { content: text(4), note: 'Fourth' });
    expect(await item(buyer.token, prompt.id)).toMatchObject({ version: 4, seenVersion: 3, updated: true });
  });

  it("is each user's own: opening a prompt clears no one else's badge, and a stranger records nothing", async () => {
    const author = await signUp('Ola Owner');
    const prompt = await createPrompt(author.token);
    const [liker, other, stranger] = [await signUp('Lia'), await signUp('Oto'), await signUp('Sam')];
    for (const u of [liker, other]) {
      expect((await call('POST', `/api/marketplace/prompts/${prompt.id}/like`, u.token)).statusCode).toBe(
        200,
      );
    }
    await edit(author.token, prompt.id, { content: text(2) });
    expect(await seen(liker.token, prompt.id)).toHaveProperty('statusCode', 200);
    expect(await item(liker.token, prompt.id)).toMatchObject({ seenVersion: 2, updated: false });
    expect(await item(other.token, prompt.id)).toMatchObject({ seenVersion: 1, updated: true });

    // Not in their library: nothing is written, and the answer is the same as for no such prompt.
    expect((await seen(stranger.token, prompt.id)).json().data).toEqual({ recorded: false, version: null });
    expect((await seen(stranger.token, 'no-such-prompt')).json().data).toEqual({
      recorded: false,
      version: null,
    });
    const rows = await t.database.db
      .selectFrom('library_seen')
      .select(['user_id', 'version'])
      .where('prompt_id', '=', prompt.id)
      .execute();
    expect(rows).toEqual([{ user_id: liker.id, version: 2 }]);
    // The author's own prompt is not in their library; their remix never shows as updated.
    expect((await seen(author.token, prompt.id)).json().data.recorded).toBe(false);
  });

  it('answers a visitor with 401 and a bad id with 400', async () => {
    const res = await seen(undefined, 'anything');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTHENTICATION_ERROR');
    const user = await signUp();
    const blank = await seen(user.token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('seenVersion', () => {
  const replacedAt = ['2026-01-02', '2026-01-05', '2026-01-09'];
  it('is the version current when the prompt joined, or the newest opened, never past the current one', () => {
    expect(seenVersion({ current: 4, opened: null, since: '2026-01-01', replacedAt })).toBe(1);
    expect(seenVersion({ current: 4, opened: null, since: '2026-01-06', replacedAt })).toBe(3);
    expect(seenVersion({ current: 4, opened: 2, since: '2026-01-06', replacedAt })).toBe(3);
    expect(seenVersion({ current: 4, opened: 4, since: '2026-01-01', replacedAt })).toBe(4);
    expect(seenVersion({ current: 4, opened: null, since: null, replacedAt })).toBe(4);
  });
});
