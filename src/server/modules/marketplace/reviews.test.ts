import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt } from '../../../../tests/support/factories';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { SNAPSHOT_MAX_CHARS } from '../../../shared/marketplace';
import { newId } from '../../lib/time';
import { normalizeForLeakCheck } from '../playground/service';

/*
 * Reviews tied to real use (issue 56, decision 068) over HTTP against the fake providers: the model
 * and version of the reviewer's latest try recorded with each write, none for a buyer who never
 * tried, a snapshot only of the reviewer's own reply in a try of this prompt, kept when its
 * conversation is deleted, changed or taken off by an edit, and never a premium prompt's text in
 * any review answer (generated prompts and echoing replies). SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;
let authorId = '';

beforeAll(async () => {
  h = await startPlayground();
  ({ fake, t } = h);
  authorId = (await h.quickUser('Author Ava')).id;
});
afterAll(() => h?.close());
beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'reply', text: 'Here is a tidy summary of your notes.' });
});

interface Run {
  id: string;
  model: string;
  createdAt: string;
  excerpt: string;
}

async function tryPrompt(token: string, promptId: string, message = 'Summarise my notes, please.') {
  const res = await h.chat(token, { message, model: 'claude', promptId });
  expect(res.statusCode).toBe(200);
  return res.json().data as { sessionId: string; messageId: string };
}

const runsOf = async (token: string, promptId: string) => {
  const res = await h.call('GET', `/api/marketplace/prompts/${promptId}/review-runs`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.runs as Run[];
};

const review = (token: string, promptId: string, body: object) =>
  h.call('POST', `/api/marketplace/prompts/${promptId}/reviews`, token, body);

const listed = async (promptId: string) =>
  (await h.call('GET', `/api/marketplace/prompts/${promptId}/reviews`)).json().data.reviews as {
    author: { id: string };
    usedWith: unknown;
    snapshot: { model: string; at: string; output: string } | null;
  }[];

/** Kept versions of the prompt, each replaced at the given time (as an edit keeps one). */
async function keepVersions(promptId: string, times: string[]) {
  const db = t.database.db;
  const kept = await db
    .selectFrom('prompt_versions')
    .select('id')
    .where('prompt_id', '=', promptId)
    .execute();
  await db
    .insertInto('prompt_versions')
    .values(
      times.map((at, i) => ({
        id: newId(),
        prompt_id: promptId,
        version: kept.length + i + 1,
        title: 'Old title',
        description: 'Old description',
        content: 'Old text',
        price_minor: 0,
        created_at: at,
        made_at: at,
      })),
    )
    .execute();
}

describe('what a review says of its use', () => {
  it('records the model and version of the latest try; a later version does not change it', async () => {
    const p = await insertPrompt(t.database.db, authorId);
    await keepVersions(p.id, ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    const u = await h.quickUser('Tess Tryer');
    await tryPrompt(u.token, p.id);
    const res = await review(u.token, p.id, { rating: 4, body: 'Worked well.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review).toMatchObject({
      usedWith: { model: 'Claude', version: 3 },
      snapshot: null,
    });

    // The creator publishes version 4; the review, edited, still names the version that was tried.
    await keepVersions(p.id, [new Date(Date.now() + 1000).toISOString()]);
    const edited = await review(u.token, p.id, { rating: 5, body: 'Even better on a second look.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.review.usedWith).toEqual({ model: 'Claude', version: 3 });
    expect((await listed(p.id))[0]!.usedWith).toEqual({ model: 'Claude', version: 3 });
  });

  it('records no model for a buyer who never tried it', async () => {
    const p = await insertPrompt(t.database.db, authorId, { type: 'premium', price_minor: 499 });
    const buyer = await h.quickUser('Bea Buyer');
    await h.buy(p.id, buyer.id);
    const res = await review(buyer.token, p.id, { rating: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review).toMatchObject({ usedWith: null, snapshot: null });
    expect(await runsOf(buyer.token, p.id)).toEqual([]);
  });

  it('still requires a try or a purchase', async () => {
    const p = await insertPrompt(t.database.db, authorId);
    const u = await h.quickUser();
    const res = await review(u.token, p.id, { rating: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTHORIZATION_ERROR');
  });
});

describe('a snapshot', () => {
  it("lists a reviewer's own completed replies to this prompt only", async () => {
    const [p, other] = [
      await insertPrompt(t.database.db, authorId),
      await insertPrompt(t.database.db, authorId),
    ];
    const [a, b] = [await h.quickUser('Ana'), await h.quickUser('Ben')];
    fake.setFallback({ kind: 'reply', text: `Ana's answer.\n\n${'word '.repeat(80)}` });
    const mine = await tryPrompt(a.token, p.id);
    await tryPrompt(a.token, other.id);
    const runs = await runsOf(a.token, p.id);
    expect(runs).toEqual([
      { id: mine.messageId, model: 'Claude', createdAt: expect.any(String), excerpt: expect.any(String) },
    ]);
    expect(runs[0]!.excerpt.length).toBeLessThanOrEqual(160);
    expect(runs[0]!.excerpt).toMatch(/^Ana's answer\. word/);
    // Never the user's own message.
    expect(JSON.stringify(runs)).not.toContain('Summarise my notes');
    expect(await runsOf(b.token, p.id)).toEqual([]);
    expect((await h.call('GET', `/api/marketplace/prompts/${p.id}/review-runs`)).statusCode).toBe(401);
  });

  it("refuses another user's run and a run of another prompt", async () => {
    const [p, other] = [
      await insertPrompt(t.database.db, authorId),
      await insertPrompt(t.database.db, authorId),
    ];
    const [a, b] = [await h.quickUser('Ana'), await h.quickUser('Ben')];
    const theirs = await tryPrompt(b.token, p.id);
    await tryPrompt(a.token, p.id);
    const elsewhere = await tryPrompt(a.token, other.id);
    for (const id of [theirs.messageId, elsewhere.messageId, 'no-such-message']) {
      const res = await review(a.token, p.id, { rating: 4, snapshotMessageId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Choose one of your own replies in a try of this prompt.',
        details: [{ field: 'snapshotMessageId' }],
      });
    }
    expect(await listed(p.id)).toEqual([]);
  });

  it('copies the output only, keeps it when the conversation is deleted, and an edit changes or removes it', async () => {
    const p = await insertPrompt(t.database.db, authorId);
    const u = await h.quickUser('Sam Snap');
    fake.setFallback({ kind: 'reply', text: 'First answer: three tidy bullet points.' });
    const first = await tryPrompt(u.token, p.id, 'My private notes about the launch.');
    // A second try: deleting the first conversation leaves the reviewer one, so they may still edit.
    fake.setFallback({ kind: 'reply', text: 'Second answer, much longer. '.repeat(200) });
    const second = await tryPrompt(u.token, p.id);
    const res = await review(u.token, p.id, { rating: 4, body: 'Good.', snapshotMessageId: first.messageId });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review.snapshot).toEqual({
      model: 'Claude',
      at: expect.any(String),
      output: 'First answer: three tidy bullet points.',
    });
    const page = (await h.call('GET', `/api/marketplace/prompts/${p.id}`, u.token)).json().data;
    expect(page.access.myReview.snapshot).toMatchObject({ messageId: first.messageId, model: 'Claude' });

    expect((await h.call('DELETE', `/api/playground/sessions/${first.sessionId}`, u.token)).statusCode).toBe(
      200,
    );
    // Sending the attached reply's id again keeps the copy, though its conversation is gone.
    const kept = await review(u.token, p.id, { rating: 3, snapshotMessageId: first.messageId });
    expect(kept.statusCode).toBe(200);
    const [shown] = await listed(p.id);
    expect(shown!.snapshot?.output).toBe('First answer: three tidy bullet points.');
    expect(JSON.stringify(shown)).not.toContain('My private notes');
    // Left out, the snapshot stays.
    expect((await review(u.token, p.id, { rating: 4 })).json().data.review.snapshot).not.toBeNull();

    const changed = (await review(u.token, p.id, { rating: 5, snapshotMessageId: second.messageId })).json()
      .data.review.snapshot;
    expect(changed.output.length).toBe(SNAPSHOT_MAX_CHARS);
    expect(changed.output).toMatch(/^Second answer, much longer\..*…$/s);

    const removed = await review(u.token, p.id, { rating: 5, snapshotMessageId: null });
    expect(removed.json().data.review.snapshot).toBeNull();
    expect((await listed(p.id))[0]!.snapshot).toBeNull();
  });
});

describe('premium text', () => {
  it('is never in a review answer, whatever the model echoes or the reviewer typed in', async () => {
    const p = await insertPrompt(t.database.db, authorId, { type: 'premium', price_minor: 499 });
    const word = fc.stringMatching(/^[a-z]{2,9}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.constantFrom('whole', 'slice', 'shouted'),
        fc.boolean(),
        async (words, from, how, supplied) => {
          const secret = `Secret recipe: ${words.join(' ')} zq.`;
          await t.database.db
            .updateTable('prompts')
            .set({ content: secret })
            .where('id', '=', p.id)
            .execute();
          const start = from % secret.length;
          const echoed =
            how === 'whole'
              ? secret
              : how === 'shouted'
                ? secret.toUpperCase()
                : secret.slice(start, start + 80);
          fake.setFallback({ kind: 'reply', text: `Sure. Here it is:\n${echoed}\nDone.` });
          const u = await h.quickUser('Pat Premium');
          await h.buy(p.id, u.id);
          // A buyer may type the text in: the guard lets the user's own text through.
          const tried = await tryPrompt(u.token, p.id, supplied ? `Repeat this: ${secret}` : 'Go on.');
          const attach = await review(u.token, p.id, { rating: 4, snapshotMessageId: tried.messageId });
          expect([200, 201, 400]).toContain(attach.statusCode);
          const hidden = normalizeForLeakCheck(secret);
          const answers = JSON.stringify([
            attach.json(),
            (await h.call('GET', `/api/marketplace/prompts/${p.id}/reviews?limit=50`)).json(),
            (await h.call('GET', `/api/marketplace/prompts/${p.id}`)).json(),
          ]);
          expect(normalizeForLeakCheck(answers)).not.toContain(hidden);
          // The run list, the reviewer's own, offers no reply that could not be attached.
          const runs = await runsOf(u.token, p.id);
          expect(runs.some((r) => r.id === tried.messageId)).toBe(attach.statusCode !== 400);
        },
      ),
      { numRuns: 12 },
    );
  });
});
