import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import type { FakeAi } from '../../../../tests/support/fake-ai';
import { PREMIUM_PLAN, type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import type { TestApp } from '../../../../tests/support/test-app';
import { EXAMPLE_MAX_CHARS, MAX_EXAMPLES, type PromptExample } from '../../../shared/prompt-tests';
import { newId, nowIso } from '../../lib/time';
import { normalizeForLeakCheck } from '../playground/service';
import { WITHHELD_OUTPUT } from './run';

/*
 * Verified examples (issue 56, decision 069) over HTTP against the fake providers: a creator shows
 * one of the prompt's test runs or one of their own playground runs of it on the listing, copied by
 * the server; only the owner may add or remove one; at most 5, each run once, bounded in size; the
 * run must be this prompt's (and a playground run the creator's own); a premium prompt's text is
 * never in an example (generated prompts and echoing runs). SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;

beforeAll(async () => {
  h = await startPlayground();
  ({ fake, t } = h);
});
afterAll(() => h?.close());
beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'reply', text: 'Meet the new widget: faster and friendlier.' });
});

const NOT_A_RUN =
  'Choose one of the test runs of this prompt, or one of your own runs of it in the playground.';

/** A stored test run of the prompt, as the runner writes one. */
async function testRun(
  promptId: string,
  authorId: string,
  overrides: { output?: string; status?: string; variables?: Record<string, string>; input?: string } = {},
) {
  const id = newId();
  await t.database.db
    .insertInto('prompt_test_runs')
    .values({
      id,
      prompt_id: promptId,
      case_id: null,
      author_id: authorId,
      version: 1,
      model_key: 'anthropic/claude-fake',
      model_id: 'claude-fake',
      model_name: 'Claude',
      trigger: 'publish',
      input: JSON.stringify({
        variables: overrides.variables ?? { topic: 'the widget' },
        input: overrides.input ?? 'Keep it short.',
      }),
      output: overrides.output ?? 'Meet the widget: it is fast.',
      status: overrides.status ?? 'passed',
      input_tokens: 10,
      output_tokens: 12,
      cost_micros: 5,
      latency_ms: 300,
      checks: '[]',
      month: nowIso().slice(0, 7),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

async function tryPrompt(token: string, promptId: string, message = 'Announce the widget, please.') {
  const res = await h.chat(token, { message, model: 'claude', promptId });
  expect(res.statusCode).toBe(200);
  return res.json().data as { sessionId: string; messageId: string };
}

const add = (token: string | undefined, promptId: string, body: object) =>
  h.call('POST', `/api/user/prompts/${promptId}/examples`, token, body);

const page = async (idOrSlug: string) => {
  const res = await h.call('GET', `/api/marketplace/prompts/${idOrSlug}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.examples as PromptExample[];
};

const picker = async (token: string, promptId: string) => {
  const res = await h.call('GET', `/api/user/prompts/${promptId}/examples`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    examples: PromptExample[];
    candidates: { source: string; id: string; model: string; excerpt: string; picked: boolean }[];
    max: number;
  };
};

async function creatorWithPrompt(overrides: object = {}) {
  const c = await h.quickUser('Cora Creator');
  const p = await insertPrompt(t.database.db, c.id, overrides);
  return { c, p };
}

describe('verified examples', () => {
  it('copy a test run and a playground run onto the listing, shown to every visitor, until removed', async () => {
    const { c, p } = await creatorWithPrompt();
    const run = await testRun(p.id, c.id, { output: 'Launch day: the widget is here.' });
    fake.setFallback({ kind: 'reply', text: 'Here is your announcement: the widget ships today.' });
    const tried = await tryPrompt(c.token, p.id, 'Write it for shop owners.');
    expect(await page(p.slug)).toEqual([]);

    const offered = await picker(c.token, p.id);
    expect(offered.max).toBe(MAX_EXAMPLES);
    expect(offered.candidates.map((x) => [x.source, x.id, x.picked])).toEqual([
      ['test', run, false],
      ['playground', tried.messageId, false],
    ]);

    // Whatever else the body says, the example is the stored run's: nothing pasted is kept.
    const first = await add(c.token, p.id, { source: 'test', runId: run, output: 'Pasted: 10/10 amazing' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.example).toMatchObject({
      source: 'test',
      model: 'Claude',
      version: 1,
      variables: { topic: 'the widget' },
      input: 'Keep it short.',
      output: 'Launch day: the widget is here.',
    });
    const second = await add(c.token, p.id, { source: 'playground', runId: tried.messageId });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.example).toMatchObject({
      source: 'playground',
      model: 'Claude',
      variables: {},
      input: 'Write it for shop owners.',
      output: 'Here is your announcement: the widget ships today.',
    });

    // The cached page (read above, before any example) is built again: the visitor sees both.
    const shown = await page(p.slug);
    expect(shown.map((e) => [e.source, e.output])).toEqual([
      ['test', 'Launch day: the widget is here.'],
      ['playground', 'Here is your announcement: the widget ships today.'],
    ]);
    expect((await picker(c.token, p.id)).candidates.every((x) => x.picked)).toBe(true);

    // The copy stays when its conversation is deleted.
    expect((await h.call('DELETE', `/api/playground/sessions/${tried.sessionId}`, c.token)).statusCode).toBe(
      200,
    );
    expect((await page(p.slug)).map((e) => e.source)).toEqual(['test', 'playground']);

    const removed = await h.call('DELETE', `/api/user/prompts/${p.id}/examples/${shown[0]!.id}`, c.token);
    expect(removed.statusCode).toBe(200);
    expect((await page(p.slug)).map((e) => e.source)).toEqual(['playground']);
  });

  it("are the owner's to add and remove: another user is answered not found, a visitor must sign in", async () => {
    const { c, p } = await creatorWithPrompt();
    const run = await testRun(p.id, c.id);
    const added = (await add(c.token, p.id, { source: 'test', runId: run })).json().data
      .example as PromptExample;
    const other = await h.quickUser('Otto Other');
    // The other user has even tried the prompt: a try does not make it theirs.
    const theirs = await tryPrompt(other.token, p.id);

    for (const [method, url, body] of [
      ['GET', `/api/user/prompts/${p.id}/examples`, undefined],
      ['POST', `/api/user/prompts/${p.id}/examples`, { source: 'test', runId: run }],
      ['POST', `/api/user/prompts/${p.id}/examples`, { source: 'playground', runId: theirs.messageId }],
      ['DELETE', `/api/user/prompts/${p.id}/examples/${added.id}`, undefined],
    ] as const) {
      const stranger = await h.call(method, url, other.token, body);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ success: false, code: 'NOT_FOUND_ERROR' });
      const visitor = await h.call(method, url, undefined, body);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_ERROR' });
    }
    expect((await page(p.slug)).map((e) => e.id)).toEqual([added.id]);
  });

  it("must be this prompt's run, and a playground run the creator's own", async () => {
    const { c, p } = await creatorWithPrompt();
    const elsewhere = await insertPrompt(t.database.db, c.id);
    const otherRun = await testRun(elsewhere.id, c.id);
    const otherTry = await tryPrompt(c.token, elsewhere.id);
    const visitor = await h.quickUser('Vera Visitor');
    const visitorTry = await tryPrompt(visitor.token, p.id);
    const ownRun = await testRun(p.id, c.id);

    for (const body of [
      { source: 'test', runId: otherRun },
      { source: 'playground', runId: otherTry.messageId },
      // Another user's run of this very prompt.
      { source: 'playground', runId: visitorTry.messageId },
      // A test run named as a playground run, and the other way round.
      { source: 'playground', runId: ownRun },
      { source: 'test', runId: visitorTry.messageId },
      { source: 'test', runId: 'no-such-run' },
    ]) {
      const res = await add(c.token, p.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: NOT_A_RUN,
        details: [{ field: 'runId', message: NOT_A_RUN }],
      });
    }
    expect(await page(p.slug)).toEqual([]);

    const badInput = await add(c.token, p.id, { source: 'pasted', runId: ownRun });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().code).toBe('VALIDATION_ERROR');
    expect((await add(c.token, p.id, { source: 'test', runId: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('are at most 5, each run once, with an answer, cut to their size limit', async () => {
    const { c, p } = await creatorWithPrompt();
    const long = await testRun(p.id, c.id, { output: `Long answer. ${'word '.repeat(1200)}` });
    const res = await add(c.token, p.id, { source: 'test', runId: long });
    expect(res.statusCode).toBe(201);
    const output = res.json().data.example.output as string;
    expect(output).toHaveLength(EXAMPLE_MAX_CHARS);
    expect(output).toMatch(/^Long answer\. word .*…$/s);

    const again = await add(c.token, p.id, { source: 'test', runId: long });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This run is already one of the examples.');

    for (const output of ['', WITHHELD_OUTPUT]) {
      const empty = await testRun(p.id, c.id, { output, status: output ? 'passed' : 'error' });
      const refused = await add(c.token, p.id, { source: 'test', runId: empty });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('This run has no answer to show. Choose another run.');
    }

    for (let i = 1; i < MAX_EXAMPLES; i++) {
      const run = await testRun(p.id, c.id, { output: `Answer ${i}.` });
      expect((await add(c.token, p.id, { source: 'test', runId: run })).statusCode).toBe(201);
    }
    const sixth = await add(c.token, p.id, { source: 'test', runId: await testRun(p.id, c.id) });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(`A listing shows at most ${MAX_EXAMPLES} examples. Remove one first.`);
    expect(await page(p.slug)).toHaveLength(MAX_EXAMPLES);

    // Two writes at the same moment still show no more than five (the places' unique rule).
    const shown = await page(p.slug);
    await h.call('DELETE', `/api/user/prompts/${p.id}/examples/${shown[0]!.id}`, c.token);
    const racing = await Promise.all(
      [1, 2, 3].map(async () => add(c.token, p.id, { source: 'test', runId: await testRun(p.id, c.id) })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await page(p.slug)).toHaveLength(MAX_EXAMPLES);
  });
});

describe('premium text', () => {
  it('is never in an example, whatever the run echoes or the creator typed in', async () => {
    const { c, p } = await creatorWithPrompt({ type: 'premium', price_minor: 499 });
    // Each playground case is a new chat: more than a free plan's ten a month.
    await insertSubscription(t.database.db, c.id, PREMIUM_PLAN);
    const word = fc.stringMatching(/^[a-z]{2,9}$/);
    const outcomes = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.constantFrom('whole', 'slice', 'shouted', 'spaced'),
        fc.constantFrom('output', 'input', 'variable', 'playground-output', 'playground-input'),
        async (words, from, how, where) => {
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
                : how === 'spaced'
                  ? secret.replace(/ /g, '  \n ')
                  : secret.slice(start, start + 80);
          const text = `Sure. Here it is:\n${echoed}\nDone.`;
          let body: { source: string; runId: string };
          if (where.startsWith('playground')) {
            fake.setFallback({
              kind: 'reply',
              text: where === 'playground-output' ? text : 'A fine answer.',
            });
            const tried = await tryPrompt(c.token, p.id, where === 'playground-input' ? text : 'Go on.');
            body = { source: 'playground', runId: tried.messageId };
          } else {
            const run = await testRun(p.id, c.id, {
              output: where === 'output' ? text : 'A fine answer.',
              input: where === 'input' ? text : 'Go on.',
              variables: where === 'variable' ? { topic: text } : {},
            });
            body = { source: 'test', runId: run };
          }
          const res = await add(c.token, p.id, body);
          expect([201, 400]).toContain(res.statusCode);
          outcomes.add(res.statusCode);
          if (res.statusCode === 400) {
            expect(res.json().message).toMatch(/premium prompt's text|at most 5/);
          }
          const hidden = normalizeForLeakCheck(secret);
          const answers = JSON.stringify([
            res.json(),
            await page(p.id),
            await picker(c.token, p.id),
            (await h.call('GET', '/api/marketplace/prompts?limit=50')).json(),
          ]);
          expect(normalizeForLeakCheck(answers)).not.toContain(hidden);
          // Keep room for the next case: at most five examples.
          const shown = await page(p.id);
          if (shown.length >= MAX_EXAMPLES - 1) {
            for (const e of shown)
              await h.call('DELETE', `/api/user/prompts/${p.id}/examples/${e.id}`, c.token);
          }
        },
      ),
      { numRuns: 16 },
    );
    // The property saw both: runs refused for holding the text, and runs shown.
    expect([...outcomes].sort()).toEqual([201, 400]);
  });

  it("hides an example when the prompt's text changes to what it holds", async () => {
    const { c, p } = await creatorWithPrompt({ type: 'premium', price_minor: 499 });
    const run = await testRun(p.id, c.id, { output: 'The answer: Short secret.' });
    expect((await add(c.token, p.id, { source: 'test', runId: run })).statusCode).toBe(201);
    expect(await page(p.id)).toHaveLength(1);
    await t.database.db
      .updateTable('prompts')
      .set({ content: 'Short  SECRET.', updated_at: nowIso() })
      .where('id', '=', p.id)
      .execute();
    expect(await page(p.id)).toEqual([]);
    expect((await picker(c.token, p.id)).examples).toEqual([]);
  });
});
