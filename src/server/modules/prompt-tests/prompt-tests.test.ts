import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSubscription } from '../../../../tests/support/factories';
import { type FakeAi, fakeAiEnv } from '../../../../tests/support/fake-ai';
import { PREMIUM_PLAN, type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import { type TestApp, testConfig } from '../../../../tests/support/test-app';
import { createModelRegistry } from '../../integrations/ai/providers';
import type { Mailer } from '../../integrations/mail/mailer';
import { nowIso } from '../../lib/time';
import { normalizeForLeakCheck } from '../playground/service';
import { DUE_QUEUE, RUN_QUEUE, type PromptTestsDeps, runScheduled } from './service';
import { WITHHELD_OUTPUT } from './run';

/*
 * Prompt tests (issue 56) over HTTP against the fake providers: cases validated, runs stored per
 * version and model when a version is published, the board and the card's badge, the budget that
 * stops runs, the schedule that re-runs only what is due (once when runners race), the mail when a
 * re-run starts failing, and no premium text in a run, board or card. SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
let fake: FakeAi;
let t: TestApp;
const MODELS = ['anthropic/claude-fake', 'openai/gpt-fake', 'perplexity/sonar-fake'];
const CONTENT =
  'Write a short, friendly product announcement about {{topic}} for {{audience}}. Keep it upbeat.';

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

async function creator(plan: string | null = PREMIUM_PLAN) {
  const user = await h.quickUser('Cora Creator');
  if (plan) await insertSubscription(t.database.db, user.id, plan);
  return user;
}

async function draft(token: string, overrides: object = {}) {
  const res = await h.call('POST', '/api/user/prompts', token, {
    title: 'Product announcement writer',
    description: 'Writes a short announcement for a product launch.',
    content: CONTENT,
    category: 'marketing',
    status: 'draft',
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.prompt as { id: string; slug: string };
}

const addCase = (token: string, id: string, body: object) =>
  h.call('POST', `/api/user/prompts/${id}/tests`, token, body);

const twoCases = async (token: string, id: string) => {
  expect(
    (
      await addCase(token, id, {
        label: 'Widget launch',
        variables: { topic: 'the widget', audience: 'shop owners' },
        checks: [
          { kind: 'contains', text: 'widget' },
          { kind: 'max-words', words: 50 },
        ],
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await addCase(token, id, {
        label: 'No shouting',
        variables: { topic: 'a new app' },
        input: 'Make it two sentences.',
        checks: [
          { kind: 'not-contains', text: 'BUY NOW' },
          { kind: 'matches', pattern: '^launch' },
        ],
      })
    ).statusCode,
  ).toBe(201);
};

const runsOf = (promptId: string) =>
  t.database.db.selectFrom('prompt_test_runs').selectAll().where('prompt_id', '=', promptId).execute();

/** Waits until every job of the test queues is done. */
async function settle() {
  await expect
    .poll(
      async () => {
        const jobs = await t.app.jobs.list({ limit: 200 });
        return jobs.filter(
          (j) =>
            (j.queue === RUN_QUEUE || j.queue === DUE_QUEUE) && !['completed', 'failed'].includes(j.state),
        ).length;
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

const publish = async (token: string, id: string) => {
  const res = await h.call('POST', `/api/user/prompts/${id}/publish`, token);
  expect(res.statusCode).toBe(200);
  await settle();
};

const tests = async (token: string, id: string) => {
  const res = await h.call('GET', `/api/user/prompts/${id}/tests`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('test cases', () => {
  it('are validated: variables of the prompt, well-formed checks, limits, clear messages', async () => {
    const c = await creator();
    const p = await draft(c.token);
    const refused = async (body: object, message: string) => {
      const res = await addCase(c.token, p.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    };
    await refused({ label: 'X', variables: { colour: 'red' } }, 'The prompt has no variable named "colour"');
    await refused({ label: 'X' }, 'Give an input message or a value for one of the variables');
    await refused({ label: '', input: 'hi' }, 'Name is required');
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'matches', pattern: '(unclosed' }] },
      expect.stringMatching(/^The pattern is not a valid regular expression/) as unknown as string,
    );
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'matches', pattern: '(a+)+$' }] },
      'Patterns may not repeat a group that itself repeats, such as (a+)+',
    );
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'matches', pattern: 'a'.repeat(201) }] },
      'The pattern must be at most 200 characters',
    );
    await refused({ label: 'X', input: 'hi', checks: [{ kind: 'shout' }] }, 'Unknown check');
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'rubric', rubric: '  ', judge: 'claude' }] },
      'The rubric is required',
    );
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'rubric', rubric: 'r'.repeat(501), judge: 'claude' }] },
      'The rubric must be at most 500 characters',
    );
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'rubric', rubric: 'Friendly', judge: 'gemini' }] },
      'Choose the model that judges the rubric',
    );
    await refused(
      { label: 'X', input: 'hi', checks: [{ kind: 'max-words', words: 0 }] },
      'The word limit must be at least 1',
    );
    await refused(
      { label: 'X', input: 'hi', checks: Array.from({ length: 11 }, () => ({ kind: 'json' })) },
      'Use at most 10 checks',
    );
    await refused({ label: 'X', input: 'x'.repeat(4001) }, 'The input must be at most 4000 characters');
    // A variable named in either case is the prompt's.
    expect((await addCase(c.token, p.id, { label: 'Ok', variables: { TOPIC: 'tea' } })).statusCode).toBe(201);
    for (let i = 1; i < 10; i++) {
      expect((await addCase(c.token, p.id, { label: `Case ${i}`, input: 'hi' })).statusCode).toBe(201);
    }
    await refused({ label: 'Eleventh', input: 'hi' }, 'A prompt can have at most 10 test cases');
    expect((await tests(c.token, p.id)).cases).toHaveLength(10);
  });

  it("are the creator's own: another user and a visitor are refused", async () => {
    const c = await creator();
    const other = await creator();
    const p = await draft(c.token);
    const res = await addCase(c.token, p.id, { label: 'Mine', input: 'hi' });
    const caseId = res.json().data.testCase.id as string;
    for (const [method, url] of [
      ['GET', `/api/user/prompts/${p.id}/tests`],
      ['POST', `/api/user/prompts/${p.id}/tests`],
      ['DELETE', `/api/user/prompts/${p.id}/tests/${caseId}`],
    ] as const) {
      const theirs = await h.call(
        method,
        url,
        other.token,
        method === 'POST' ? { label: 'X', input: 'y' } : undefined,
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({
        code: 'NOT_FOUND_ERROR',
        message: 'The requested prompt could not be found.',
      });
      expect((await h.call(method, url)).statusCode).toBe(401);
    }
    const gone = await h.call('DELETE', `/api/user/prompts/${p.id}/tests/nope`, c.token);
    expect(gone.json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'The requested test case could not be found.',
    });
    expect((await h.call('DELETE', `/api/user/prompts/${p.id}/tests/${caseId}`, c.token)).statusCode).toBe(
      200,
    );
    expect((await tests(c.token, p.id)).cases).toEqual([]);
  });
});

describe('runs', () => {
  it('run every case on every model when a version is published, stored per version and model', async () => {
    const c = await creator();
    const p = await draft(c.token);
    await twoCases(c.token, p.id);
    expect(await runsOf(p.id)).toEqual([]);
    await publish(c.token, p.id);

    const runs = await runsOf(p.id);
    expect(runs).toHaveLength(6);
    expect(new Set(runs.map((r) => r.model_key))).toEqual(new Set(MODELS));
    expect(new Set(runs.map((r) => r.model_id))).toEqual(new Set(['claude-fake', 'gpt-fake', 'sonar-fake']));
    for (const r of runs) {
      expect(r).toMatchObject({
        version: 1,
        trigger: 'publish',
        author_id: c.id,
        output: expect.stringContaining('widget'),
      });
      expect(r.input_tokens).toBe(12);
      expect(r.latency_ms).toBeGreaterThanOrEqual(0);
    }
    // The first case passes (contains "widget", under 50 words); the second fails its pattern.
    const view = await tests(c.token, p.id);
    const first = view.cases[0].id as string;
    expect(runs.filter((r) => r.case_id === first).every((r) => r.status === 'passed')).toBe(true);
    expect(runs.filter((r) => r.case_id !== first).every((r) => r.status === 'failed')).toBe(true);
    const failed = runs.find((r) => r.case_id !== first)!;
    expect(JSON.parse(failed.checks)).toEqual([
      { kind: 'not-contains', label: 'Does not contain', passed: true },
      { kind: 'matches', label: 'Matches a pattern', passed: false },
    ]);
    // What each model was sent: the filled prompt (a free prompt's text is the request).
    const sent = fake.requests.filter((r) => r.path.endsWith('/messages'));
    expect(JSON.stringify(sent[0]!.body)).toContain('the widget');

    expect(view.board.models.map((m: { name: string }) => m.name)).toEqual([
      'Claude',
      'ChatGPT',
      'Perplexity',
    ]);
    expect(view.board.models[0]).toMatchObject({ passed: 1, total: 2, costPerRunMicros: expect.any(Number) });
    expect(view.board.tested).toBeNull();
    expect(view.dueAt).not.toBeNull();

    const page = await h.call('GET', `/api/marketplace/prompts/${p.slug}`);
    expect(page.json().data.tests.models).toHaveLength(3);
    const card = (await h.call('GET', '/api/marketplace/prompts?limit=50'))
      .json()
      .data.prompts.find((x: { id: string }) => x.id === p.id);
    expect(card.tested).toBeNull();

    // Fixed so both pass: a new version runs again, and the badge names every model.
    fake.setFallback({ kind: 'reply', text: 'Launch of the widget: faster, friendlier, here today.' });
    const edit = await h.call('PUT', `/api/user/prompts/${p.id}`, c.token, {
      content: `${CONTENT} Start with "Launch".`,
    });
    expect(edit.statusCode).toBe(200);
    await settle();
    const v2 = (await runsOf(p.id)).filter((r) => r.version === 2);
    expect(v2).toHaveLength(6);
    expect(v2.every((r) => r.status === 'passed')).toBe(true);
    const after = (await h.call('GET', '/api/marketplace/prompts?limit=50'))
      .json()
      .data.prompts.find((x: { id: string }) => x.id === p.id);
    expect(after.tested).toEqual({ on: ['Claude', 'ChatGPT', 'Perplexity'], at: expect.any(String) });
    const page2 = (await h.call('GET', `/api/marketplace/prompts/${p.slug}`)).json().data;
    expect(page2.tests).toMatchObject({ version: 2, tested: { on: ['Claude', 'ChatGPT', 'Perplexity'] } });
    expect(page2.tests.models[0]).toMatchObject({ passed: 2, total: 2 });
  });

  it('judge a rubric with the chosen model, sent the rubric and the answer but never the prompt', async () => {
    const c = await creator();
    const p = await draft(c.token, { isPaid: true, price: 4.99 });
    const rubric = 'Upbeat, names the widget, and speaks to shop owners.';
    const variables = { topic: 'the widget', audience: 'shop owners' };
    expect(
      (
        await addCase(c.token, p.id, {
          label: 'Judged',
          variables,
          checks: [{ kind: 'rubric', rubric, judge: 'claude' }],
        })
      ).statusCode,
    ).toBe(201);
    expect((await addCase(c.token, p.id, { label: 'Plain', variables })).statusCode).toBe(201);
    const answer = 'Meet the widget, shop owners: faster and friendlier.';
    // Cases run in order, each on Claude, ChatGPT and Perplexity; each judged answer is judged at once.
    fake.next(
      { kind: 'reply', text: answer },
      { kind: 'reply', text: 'PASS\nIt is upbeat and names the widget.' },
      { kind: 'reply', text: answer },
      { kind: 'reply', text: '**FAIL**\nIt never speaks to shop owners.' },
      { kind: 'reply', text: answer },
      { kind: 'reply', text: 'It depends on the reader.' },
    );
    fake.setFallback({ kind: 'reply', text: answer });
    // Every call costs the same (the fake counts 12 input tokens; a million cost 1 000 000 000 micros).
    const now = nowIso();
    await t.database.db
      .insertInto('model_prices')
      .values(
        MODELS.map((k) => ({ model_key: k, input_micros: 1_000_000_000, output_micros: 0, updated_at: now })),
      )
      .execute();
    try {
      await publish(c.token, p.id);
    } finally {
      await t.database.db.deleteFrom('model_prices').where('model_key', 'in', MODELS).execute();
    }

    const view = await tests(c.token, p.id);
    const [judged, plain] = view.cases as { id: string }[];
    const runs = await runsOf(p.id);
    const byModel = (caseId: string) =>
      MODELS.map((key) => runs.find((r) => r.case_id === caseId && r.model_key === key)!);
    expect(byModel(judged!.id).map((r) => [r.status, JSON.parse(r.checks)])).toEqual([
      ['passed', [{ kind: 'rubric', label: 'Meets the rubric (judged by Claude)', passed: true }]],
      ['failed', [{ kind: 'rubric', label: 'Meets the rubric (judged by Claude)', passed: false }]],
      ['failed', [{ kind: 'rubric', label: 'Rubric: Claude gave no verdict', passed: false }]],
    ]);
    // Judging is paid from the test budget with the run it judged.
    const plainRuns = byModel(plain!.id);
    expect(plainRuns.map((r) => r.cost_micros)).toEqual([12_000, 12_000, 12_000]);
    expect(byModel(judged!.id).map((r) => r.cost_micros)).toEqual([24_000, 24_000, 24_000]);

    const judgeRequests = fake.requests.filter((r) => JSON.stringify(r.body).includes('<rubric>'));
    expect(judgeRequests).toHaveLength(3);
    const content = (
      await t.database.db
        .selectFrom('prompts')
        .select('content')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow()
    ).content;
    for (const r of judgeRequests) {
      expect(r.path).toBe('/v1/messages');
      const body = JSON.stringify(r.body);
      expect(body).toContain(rubric);
      expect(body).toContain(answer);
      expect(body).not.toContain(content.slice(0, 40));
    }
    // Off the marketplace again, so that the schedule's tests below re-run only their own prompts.
    expect((await h.call('POST', `/api/user/prompts/${p.id}/unpublish`, c.token)).statusCode).toBe(200);
  });

  it('stop at the monthly budget with a clear message; a plan without one runs nothing', async () => {
    const cheap = `plan-cheap-${Date.now()}`;
    const now = nowIso();
    await t.database.db
      .insertInto('plans')
      .values({
        id: cheap,
        slug: cheap,
        name: 'Cheap',
        price_monthly_minor: 100,
        test_budget_minor: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('model_prices')
      .values(
        MODELS.map((k) => ({ model_key: k, input_micros: 1_000_000_000, output_micros: 0, updated_at: now })),
      )
      .execute();
    try {
      const c = await creator(cheap);
      const p = await draft(c.token);
      await twoCases(c.token, p.id);
      await publish(c.token, p.id);
      // One run costs 1.2 cents: it uses up the 1-cent budget, and the rest stop.
      const runs = await runsOf(p.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.cost_micros).toBe(12_000);
      const view = await tests(c.token, p.id);
      expect(view.budget).toMatchObject({ limitMinor: 1, spentMicros: 12_000 });
      // The admin sees what test runs cost beside the playground's cost.
      const admin = await h.signInAdmin();
      const report = (await h.call('GET', '/api/admin/models/costs?days=1', admin.token)).json().data;
      expect(report.testRuns.runs).toBeGreaterThanOrEqual(1);
      expect(report.testRuns.cost).toBeGreaterThanOrEqual(0.012);
      expect((await h.call('GET', '/api/admin/models/costs?days=1', c.token)).statusCode).toBe(403);
      expect(view.stopped).toMatch(
        /^This month's test budget of \$0\.01 is used up, so test runs stopped\. They start again on [A-Z][a-z]+ 1, \d{4}, or sooner on a plan with a larger budget\.$/,
      );

      const free = await creator(null);
      const q = await draft(free.token);
      await twoCases(free.token, q.id);
      await publish(free.token, q.id);
      expect(await runsOf(q.id)).toEqual([]);
      expect((await tests(free.token, q.id)).stopped).toBe(
        'Your plan includes no budget for test runs. Choose a plan with a test budget to have this prompt tested on every model.',
      );
    } finally {
      await t.database.db.deleteFrom('model_prices').where('model_key', 'in', MODELS).execute();
    }
  });
});

describe('the schedule', () => {
  const setDue = (promptId: string, dueAt: string) =>
    t.database.db
      .updateTable('prompt_test_schedule')
      .set({ due_at: dueAt })
      .where('prompt_id', '=', promptId)
      .execute();

  /** The deps a second runner would have: the same database and providers, its own registry. */
  const runnerDeps = (env: Record<string, string> = {}): PromptTestsDeps => {
    const config = testConfig({ ...fakeAiEnv(fake), ...env });
    const mailer: Mailer = {
      mode: 'outbox',
      send: () => Promise.reject(new Error('no mail expected')),
      wake: () => {},
      close: () => {},
    };
    return {
      db: t.database.db,
      models: createModelRegistry(config.ai),
      config,
      mailer,
      jobs: t.app.jobs,
      log: t.app.log,
    };
  };

  it('re-runs only what is due, once when two runners race', async () => {
    fake.setFallback({ kind: 'reply', text: 'Launch of the widget: faster, friendlier, here today.' });
    const c = await creator();
    const due = await draft(c.token);
    const notDue = await draft(c.token);
    for (const p of [due, notDue]) {
      await twoCases(c.token, p.id);
      await publish(c.token, p.id);
    }
    await setDue(due.id, new Date(Date.now() - 60_000).toISOString());
    const before = (await runsOf(due.id)).length;

    await Promise.all([runScheduled(runnerDeps()), runScheduled(runnerDeps())]);
    expect((await runsOf(due.id)).length).toBe(before + 6);
    expect((await runsOf(notDue.id)).length).toBe(6);
    expect((await runsOf(due.id)).filter((r) => r.trigger === 'schedule')).toHaveLength(6);

    // Through the app's own job, twice at once: nothing is due any more.
    await Promise.all([t.app.jobs.send(DUE_QUEUE, {}), t.app.jobs.send(DUE_QUEUE, {})]);
    await settle();
    expect((await runsOf(due.id)).length).toBe(before + 6);
    const next = await t.database.db
      .selectFrom('prompt_test_schedule')
      .select('due_at')
      .where('prompt_id', '=', due.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(next.due_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
  });

  it('re-runs at once what was not run on the model now behind a choice, and only that', async () => {
    fake.setFallback({ kind: 'reply', text: 'Launch of the widget: faster, friendlier, here today.' });
    const c = await creator();
    const tested = await draft(c.token);
    const untested = await draft(c.token);
    await twoCases(c.token, tested.id);
    await publish(c.token, tested.id);
    await publish(c.token, untested.id);
    expect((await runsOf(tested.id)).map((r) => r.model_key).sort()).toEqual([...MODELS, ...MODELS].sort());

    // The operator maps "claude" to a newer model: the next hourly look runs the cases on it.
    const moved = runnerDeps({ ANTHROPIC_MODEL: 'claude-fake-2' });
    await runScheduled(moved);
    const runs = await runsOf(tested.id);
    expect(runs.filter((r) => r.model_key === 'anthropic/claude-fake-2')).toHaveLength(2);
    expect(runs.filter((r) => r.trigger === 'schedule')).toHaveLength(6);
    expect(await runsOf(untested.id)).toHaveLength(0);
    const board = (await tests(c.token, tested.id)).board;
    expect(board.models.map((m: { key: string }) => m.key)).toContain('anthropic/claude-fake-2');

    // Run on every model of today's mapping, it is not due again until its week is over.
    await runScheduled(moved);
    expect(await runsOf(tested.id)).toHaveLength(runs.length);
  });

  it('tells the creator once, by mail and notice, when a re-run starts failing', async () => {
    const c = await creator();
    const p = await draft(c.token, { content: 'Announce {{topic}} in one line.' });
    expect(
      (
        await addCase(c.token, p.id, {
          label: 'Mentions it',
          variables: { topic: 'tea' },
          checks: [{ kind: 'contains', text: 'tea' }],
        })
      ).statusCode,
    ).toBe(201);
    fake.setFallback({ kind: 'reply', text: 'Fresh tea, today.' });
    await publish(c.token, p.id);
    const mails = () =>
      t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', c.email).execute();

    fake.setFallback({ kind: 'reply', text: 'Fresh coffee, today.' });
    for (let i = 0; i < 2; i++) {
      await setDue(p.id, new Date(Date.now() - 1000).toISOString());
      await t.app.jobs.send(DUE_QUEUE, {});
      await settle();
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your prompt "Product announcement writer" started failing its tests');
    expect(sent[0]!.text_body).toContain('no longer pass on Claude, ChatGPT, Perplexity');
    // And once in the notifications centre.
    const notices = (
      (await h.call('GET', '/api/notifications', c.token)).json().data.notifications as { kind: string }[]
    ).filter((n) => n.kind === 'prompt.tests_failing');
    expect(notices).toMatchObject([
      { title: '"Product announcement writer" started failing its tests', link: '/dashboard?tab=prompts' },
    ]);
    const page = (await h.call('GET', `/api/marketplace/prompts/${p.slug}`)).json().data;
    expect(page.tests.tested).toBeNull();
  });
});

describe('premium text', () => {
  it('is never in a run, the board or a card, whatever the model echoes', async () => {
    const c = await creator();
    const p = await draft(c.token, { isPaid: true, price: 4.99 });
    expect((await addCase(c.token, p.id, { label: 'Plain', input: 'Go on.' })).statusCode).toBe(201);
    await publish(c.token, p.id);
    const word = fc.stringMatching(/^[a-z]{2,9}$/);
    const seen = new Set((await runsOf(p.id)).map((r) => r.id));
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 3, maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('whole', 'slice', 'shouted'),
        async (words, from, length, how) => {
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
                : secret.slice(start, start + 60 + (length % 200));
          fake.setFallback({ kind: 'reply', text: `Sure. Here it is:\n${echoed}\nDone.` });
          await t.database.db
            .updateTable('prompt_test_schedule')
            .set({ due_at: new Date(0).toISOString() })
            .where('prompt_id', '=', p.id)
            .execute();
          await t.app.jobs.send(RUN_QUEUE, { promptId: p.id, trigger: 'publish' });
          await settle();
          const hidden = normalizeForLeakCheck(secret);
          const runs = await runsOf(p.id);
          const stored = JSON.stringify([
            runs,
            (await h.call('GET', `/api/marketplace/prompts/${p.slug}`)).json().data.tests,
            (await h.call('GET', '/api/marketplace/prompts?limit=50')).json().data,
          ]);
          expect(normalizeForLeakCheck(stored)).not.toContain(hidden);
          const fresh = runs.filter((r) => !seen.has(r.id));
          expect(fresh).toHaveLength(3);
          for (const r of fresh) {
            seen.add(r.id);
            const out = normalizeForLeakCheck(r.output);
            // No passage of 60 characters of the prompt survives (the leak guard's window).
            for (let i = 0; i + 60 <= hidden.length; i += 7)
              expect(out).not.toContain(hidden.slice(i, i + 60));
            if (how === 'whole' && hidden.length < 60) expect(r.output).toBe(WITHHELD_OUTPUT);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
