import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { versionHelpers } from '../../../../tests/support/versions';

/* A prompt's versions: who sees the list, who reads a version's text and a diff, a restore (both engines). */

let t: TestApp;
const h = versionHelpers(() => t);
const { call, signUp, signInAdmin, createPrompt, edit, buy } = h;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());

const V1 = 'You write release notes.\nGroup the changes by area.\nKeep each line short.';
const V2 = 'You write release notes.\nGroup the changes by area and by risk.\nKeep each line short.';

async function premiumWithTwoVersions() {
  const author = await signUp('Vera Versions');
  const prompt = await createPrompt(author.token, { isPaid: true, price: 4.99, note: 'First release' });
  await edit(author.token, prompt.id, { content: V2, note: 'Grouped by risk too' });
  return { author, prompt };
}

describe('the version history', () => {
  it('lists every version (number, date, note) to everyone, newest first, and no text', async () => {
    const { prompt } = await premiumWithTwoVersions();
    const res = await call('GET', `/api/marketplace/prompts/${prompt.slug}/versions`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      canRead: false,
      canRestore: false,
      versions: [
        { version: 2, note: 'Grouped by risk too', current: true },
        { version: 1, note: 'First release', current: false },
      ],
    });
    expect(JSON.stringify(data)).not.toContain('release notes');
    expect(Date.parse(data.versions[0].createdAt)).toBeGreaterThanOrEqual(
      Date.parse(data.versions[1].createdAt),
    );
  });

  it("refuses a premium version's text and a diff to visitors, other users and refunded buyers", async () => {
    const { prompt } = await premiumWithTwoVersions();
    const stranger = await signUp('Sid Stranger');
    for (const token of [undefined, stranger.token]) {
      for (const url of [
        `/api/marketplace/prompts/${prompt.id}/versions/1`,
        `/api/marketplace/prompts/${prompt.id}/diff?from=1&to=2`,
      ]) {
        const res = await call('GET', url, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'AUTHORIZATION_ERROR',
          message: 'This is a premium prompt. Buy it to read its versions.',
        });
      }
    }
    const refunded = await signUp('Rita Refunded');
    await buy(refunded.token, prompt.id);
    expect(
      (await call('GET', `/api/marketplace/prompts/${prompt.id}/versions/1`, refunded.token)).statusCode,
    ).toBe(200);
    await t.database.db
      .updateTable('purchases')
      .set({ revoked_at: new Date().toISOString() })
      .where('buyer_id', '=', refunded.id)
      .execute();
    expect(
      (await call('GET', `/api/marketplace/prompts/${prompt.id}/versions/1`, refunded.token)).statusCode,
    ).toBe(403);
  });

  it('gives a buyer, the author and an admin every version and the diff of any two', async () => {
    const { author, prompt } = await premiumWithTwoVersions();
    const buyer = await signUp('Bo Buyer');
    await buy(buyer.token, prompt.id);
    const admin = await signInAdmin();
    for (const token of [buyer.token, author.token, admin.token]) {
      const list = (await call('GET', `/api/marketplace/prompts/${prompt.id}/versions`, token)).json().data;
      expect(list.canRead).toBe(true);
      const v1 = await call('GET', `/api/marketplace/prompts/${prompt.id}/versions/1`, token);
      expect(v1.json().data).toMatchObject({
        version: 1,
        content: V1,
        note: 'First release',
        current: false,
      });
      const v2 = await call('GET', `/api/marketplace/prompts/${prompt.id}/versions/2`, token);
      expect(v2.json().data).toMatchObject({ version: 2, content: V2, current: true });
      const diff = (await call('GET', `/api/marketplace/prompts/${prompt.id}/diff?from=1&to=2`, token)).json()
        .data;
      expect(diff.content).toEqual([
        { op: 'same', text: 'You write release notes.' },
        {
          op: 'remove',
          text: 'Group the changes by area.',
          words: [{ op: 'same', text: 'Group the changes by area.' }],
        },
        {
          op: 'add',
          text: 'Group the changes by area and by risk.',
          words: [
            { op: 'same', text: 'Group the changes by area' },
            { op: 'add', text: ' and by risk' },
            { op: 'same', text: '.' },
          ],
        },
        { op: 'same', text: 'Keep each line short.' },
      ]);
      expect(diff.title).toEqual([{ op: 'same', text: prompt.title }]);
    }
    // An admin reads every version; restoring is the author's alone.
    const list = (await call('GET', `/api/marketplace/prompts/${prompt.id}/versions`, admin.token)).json()
      .data;
    expect(list.canRestore).toBe(false);
  });

  it("opens a free prompt's versions to everyone", async () => {
    const author = await signUp();
    const prompt = await createPrompt(author.token);
    await edit(author.token, prompt.id, { content: V2, note: 'More detail' });
    const res = await call('GET', `/api/marketplace/prompts/${prompt.id}/diff?from=2&to=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content.filter((l: { op: string }) => l.op !== 'same')).toEqual([
      {
        op: 'remove',
        text: 'Group the changes by area and by risk.',
        words: [
          { op: 'same', text: 'Group the changes by area' },
          { op: 'remove', text: ' and by risk' },
          { op: 'same', text: '.' },
        ],
      },
      {
        op: 'add',
        text: 'Group the changes by area.',
        words: [{ op: 'same', text: 'Group the changes by area.' }],
      },
    ]);
  });

  it('answers a missing version, a bad number and a hidden draft with the spec codes', async () => {
    const author = await signUp();
    const prompt = await createPrompt(author.token);
    const missing = await call('GET', `/api/marketplace/prompts/${prompt.id}/versions/9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'The requested version could not be found.',
    });
    const bad = await call('GET', `/api/marketplace/prompts/${prompt.id}/diff?from=0&to=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const draft = await createPrompt(author.token, { status: 'draft' });
    const hidden = await call('GET', `/api/marketplace/prompts/${draft.id}/versions`, (await signUp()).token);
    expect(hidden.statusCode).toBe(404);
    expect(
      (await call('GET', `/api/marketplace/prompts/${draft.id}/versions`, author.token)).statusCode,
    ).toBe(200);
  });

  it('changes version 1 in place while a prompt was never published', async () => {
    const author = await signUp();
    const draft = await createPrompt(author.token, { status: 'draft' });
    await edit(author.token, draft.id, { content: V2, note: 'Still drafting' });
    const list = (await call('GET', `/api/marketplace/prompts/${draft.id}/versions`, author.token)).json()
      .data;
    expect(list.versions).toEqual([
      expect.objectContaining({ version: 1, note: 'Still drafting', current: true }),
    ]);
  });

  it('checks the note in the shared schema', async () => {
    const author = await signUp();
    const prompt = await createPrompt(author.token);
    const long = await call('PUT', `/api/user/prompts/${prompt.id}`, author.token, {
      content: V2,
      note: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Changelog note must be at most 200 characters',
      details: [{ field: 'note', message: 'Changelog note must be at most 200 characters' }],
    });
    const hidden = await call('PUT', `/api/user/prompts/${prompt.id}`, author.token, {
      content: V2,
      note: 'Fixed\u202e typo',
    });
    expect(hidden.json().message).toBe('Changelog note contains characters that are not allowed');
  });
});

describe('restoring a version', () => {
  it('makes the old text the newest version, noted, and only for the author', async () => {
    const { author, prompt } = await premiumWithTwoVersions();
    const other = await signUp();
    const url = `/api/user/prompts/${prompt.id}/versions/1/restore`;
    const refused = await call('POST', url, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND_ERROR');
    expect((await call('POST', url)).statusCode).toBe(401);

    const res = await call('POST', url, author.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Restored from version 1',
      data: { prompt: { content: V1 } },
    });
    const list = (await call('GET', `/api/marketplace/prompts/${prompt.id}/versions`, author.token)).json()
      .data;
    expect(list.canRestore).toBe(true);
    expect(list.versions.map((v: { version: number; note: string | null }) => [v.version, v.note])).toEqual([
      [3, 'Restored from version 1'],
      [2, 'Grouped by risk too'],
      [1, 'First release'],
    ]);

    const current = await call('POST', `/api/user/prompts/${prompt.id}/versions/3/restore`, author.token);
    expect(current.statusCode).toBe(400);
    expect(current.json().message).toBe('Version 3 is already the current version.');
    const same = await call('POST', url, author.token);
    expect(same.json().message).toBe('Version 1 has the same text as the current version.');
    const missing = await call('POST', `/api/user/prompts/${prompt.id}/versions/7/restore`, author.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The requested version could not be found.');
  });
});
