import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSubscription } from '../../../../tests/support/factories';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { PREMIUM_PLAN, type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { DUE_QUEUE, RUN_QUEUE } from './service';

/*
 * "Passes on <model>" (issue 56, decision 069) over HTTP against the fake providers: the list and
 * the search filtered to prompts whose latest version passes every test case on a model, answered
 * from the catalogue's caches and built again when a test run changes what passes; a prompt with no
 * passing run has no badge ("Not yet tested" on its card). SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;

beforeAll(async () => {
  h = await startPlayground();
  ({ fake, t } = h);
  await t.database.db
    .updateTable('plans')
    .set({ test_budget_minor: 500 })
    .where('id', '=', PREMIUM_PLAN)
    .execute();
});
afterAll(() => h?.close());
beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'reply', text: 'Meet the new widget: faster and friendlier.' });
});

async function settle() {
  await expect
    .poll(
      async () =>
        (await t.app.jobs.list({ limit: 200 })).filter(
          (j) =>
            (j.queue === RUN_QUEUE || j.queue === DUE_QUEUE) && !['completed', 'failed'].includes(j.state),
        ).length,
      { timeout: 15_000 },
    )
    .toBe(0);
}

/** A published prompt of the creator with one test case that looks for `word` in the answer. */
async function testedPrompt(token: string, title: string, word: string) {
  const res = await h.call('POST', '/api/user/prompts', token, {
    title,
    description: 'Writes a short announcement for a product launch.',
    content: 'Write a short, friendly product announcement about {{topic}}. Keep it upbeat.',
    category: 'marketing',
    status: 'draft',
  });
  expect(res.statusCode).toBe(201);
  const prompt = res.json().data.prompt as { id: string; slug: string };
  const added = await h.call('POST', `/api/user/prompts/${prompt.id}/tests`, token, {
    label: 'Launch',
    variables: { topic: 'the widget' },
    checks: [{ kind: 'contains', text: word }],
  });
  expect(added.statusCode).toBe(201);
  return prompt;
}

const listed = async (query: string) => {
  const res = await h.call('GET', `/api/marketplace/prompts?limit=50&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.prompts as { id: string; tested: { on: string[] } | null }[];
};
const idsOf = async (query: string) => (await listed(query)).map((p) => p.id);

describe('passes on a model', () => {
  it('filters the list and the search, and follows the runs that change what passes', async () => {
    const c = await h.quickUser('Pia Passing');
    await insertSubscription(t.database.db, c.id, PREMIUM_PLAN);
    const passing = await testedPrompt(c.token, 'Quasar launch writer', 'widget');
    const failing = await testedPrompt(c.token, 'Quasar launch helper', 'zebra');

    // Read (and cached) before any run: nothing passes yet.
    expect(await idsOf('passes=Claude')).toEqual([]);
    expect(await idsOf('search=quasar&passes=Claude')).toEqual([]);

    for (const p of [passing, failing]) {
      expect((await h.call('POST', `/api/user/prompts/${p.id}/publish`, c.token)).statusCode).toBe(200);
    }
    await settle();

    // The runs finished: the cached lists are built again and show the prompt that passes only.
    for (const model of ['Claude', 'ChatGPT', 'Perplexity', 'claude']) {
      expect(await idsOf(`passes=${model}`)).toEqual([passing.id]);
      expect(await idsOf(`search=quasar&passes=${model}`)).toEqual([passing.id]);
    }
    expect(await idsOf('passes=Claude&sort=popular')).toEqual([passing.id]);
    expect(await idsOf('passes=Gemini')).toEqual([]);
    // LIKE's wildcards in a name are taken as written.
    expect(await idsOf('passes=%25')).toEqual([]);
    expect(await idsOf('passes=_laude')).toEqual([]);
    const all = await listed('');
    expect(all.map((p) => p.id).sort()).toEqual([passing.id, failing.id].sort());
    // No passing run: no badge, which the card shows as "Not yet tested".
    expect(all.find((p) => p.id === failing.id)!.tested).toBeNull();
    expect(all.find((p) => p.id === passing.id)!.tested!.on).toEqual(['Claude', 'ChatGPT', 'Perplexity']);

    // A later run that fails (the model changed behind the name) takes it out of the filtered lists.
    fake.setFallback({ kind: 'reply', text: 'A plain announcement with nothing in it.' });
    await t.database.db
      .updateTable('prompt_test_schedule')
      .set({ due_at: new Date(0).toISOString() })
      .where('prompt_id', '=', passing.id)
      .execute();
    await t.app.jobs.send(RUN_QUEUE, { promptId: passing.id, trigger: 'schedule' });
    await settle();
    expect(await idsOf('passes=Claude')).toEqual([]);
    expect(await idsOf('search=quasar&passes=Claude')).toEqual([]);
    expect((await listed('')).every((p) => p.tested === null)).toBe(true);
  });

  it('refuses a name that is empty or too long with a clear message', async () => {
    for (const [query, message] of [
      ['passes=', 'Name a model'],
      [`passes=${'x'.repeat(61)}`, 'A model name is at most 60 characters'],
    ]) {
      const res = await h.call('GET', `/api/marketplace/prompts?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });
});
