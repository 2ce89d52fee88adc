import type {
  CheckResult,
  PromptTests,
  TestCase,
  TestCaseValues,
  TestCheck,
  TestRun,
} from '../../../shared/prompt-tests';
import { MAX_TEST_CASES, testCaseProblems } from '../../../shared/prompt-tests';
import type { Jobs } from '../../jobs';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { boardOf } from './board';
import * as repo from './repository';
import { type PromptTestDeps, budgetMinorOf, monthOf, refreshBadge, runPromptTests, testModels } from './run';

/*
 * Prompt tests' public surface (issue 56, decision 057): a creator's cases, their view of the runs,
 * the board other modules show, and the two jobs: one run of a prompt's tests (queued when a
 * version is published) and the hourly look for prompts whose weekly re-run is due, or which have
 * no run on a model tests now use (the operator changed the model behind a choice). Each prompt is
 * claimed by a conditional update of its due time before it runs (repository.claim), so however
 * many runners race, its tests run once per due time.
 */

export type { PromptTestDeps } from './run';
export { boardOf } from './board';
export { addExample, deleteExample, listingExamples, promptExamples } from './examples';

export const RUN_QUEUE = 'prompt-tests-run';
export const DUE_QUEUE = 'prompt-tests-due';
/** Every hour: a prompt is re-run within the hour its interval ends. */
export const DUE_CRON = '23 * * * *';
/** Prompts claimed per look; the rest wait for the next hour. */
const DUE_BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const RUNS_SHOWN = 60;
const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';
const CASE_NOT_FOUND = 'The requested test case could not be found.';

export interface PromptTestsDeps extends PromptTestDeps {
  jobs: Jobs;
}

const later = (deps: PromptTestDeps, from: Date) =>
  new Date(from.getTime() + deps.config.playground.testIntervalDays * DAY_MS).toISOString();

async function ownPrompt(deps: PromptTestDeps, auth: AuthContext, id: string) {
  const prompt = await repo.findPrompt(deps.db, id);
  // Another creator's prompt is answered exactly like one that does not exist (as the studio does).
  if (!prompt || prompt.author_id !== auth.userId) {
    throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  }
  return prompt;
}

const toCase = (row: repo.CaseRow): TestCase => ({
  id: row.id,
  label: row.label,
  variables: JSON.parse(row.variables) as Record<string, string>,
  input: row.input,
  checks: JSON.parse(row.checks) as TestCheck[],
  createdAt: row.created_at,
});

const toRun = (row: repo.RunRow): TestRun => ({
  id: row.id,
  caseId: row.case_id,
  version: row.version,
  model: row.model_name,
  modelKey: row.model_key,
  modelId: row.model_id,
  trigger: row.trigger as TestRun['trigger'],
  input: JSON.parse(row.input) as TestRun['input'],
  output: row.output,
  status: row.status as TestRun['status'],
  inputTokens: row.input_tokens,
  outputTokens: row.output_tokens,
  costMicros: row.cost_micros,
  latencyMs: row.latency_ms,
  checks: JSON.parse(row.checks) as CheckResult[],
  createdAt: row.created_at,
});

/** The creator's view: cases, board, recent runs, this month's budget and spend, the schedule. */
export async function promptTests(deps: PromptTestDeps, auth: AuthContext, id: string): Promise<PromptTests> {
  const prompt = await ownPrompt(deps, auth, id);
  const month = monthOf(new Date());
  const [cases, board, runs, limitMinor, spent, schedule] = await Promise.all([
    repo.listCases(deps.db, prompt.id),
    boardOf(deps, prompt.id),
    repo.latestRuns(deps.db, prompt.id, RUNS_SHOWN),
    budgetMinorOf(deps.db, prompt.author_id),
    repo.spentMicros(deps.db, prompt.author_id, month),
    repo.findSchedule(deps.db, prompt.id),
  ]);
  return {
    cases: cases.map(toCase),
    board,
    runs: runs.map(toRun),
    budget: { month, limitMinor, spentMicros: spent },
    stopped: schedule?.stopped ?? null,
    dueAt: prompt.status === 'published' && cases.length > 0 ? (schedule?.due_at ?? null) : null,
  };
}

/** Adds a test case; its variables must be the prompt's, and a prompt has at most MAX_TEST_CASES. */
export async function addTestCase(
  deps: PromptTestDeps,
  auth: AuthContext,
  id: string,
  input: TestCaseValues,
): Promise<TestCase> {
  const prompt = await ownPrompt(deps, auth, id);
  const problems = testCaseProblems(prompt.content, input);
  if (problems.length > 0) {
    throw new AppError('VALIDATION_ERROR', problems[0]!.message, { details: problems });
  }
  if ((await repo.countCases(deps.db, prompt.id)) >= MAX_TEST_CASES) {
    throw new AppError('VALIDATION_ERROR', `A prompt can have at most ${MAX_TEST_CASES} test cases`);
  }
  const row: repo.CaseRow = {
    id: newId(),
    prompt_id: prompt.id,
    label: input.label,
    variables: JSON.stringify(input.variables),
    input: input.input,
    checks: JSON.stringify(input.checks),
    created_at: nowIso(),
  };
  await repo.insertCase(deps.db, row);
  return toCase(row);
}

export async function deleteTestCase(deps: PromptTestDeps, auth: AuthContext, id: string, caseId: string) {
  const prompt = await ownPrompt(deps, auth, id);
  if (!(await repo.deleteCase(deps.db, prompt.id, caseId))) {
    throw new AppError('NOT_FOUND_ERROR', CASE_NOT_FOUND);
  }
  // Its runs no longer count on the board: the badge may change.
  await refreshBadge(deps, prompt.id);
}

/**
 * A version of the prompt went live (published, or a published prompt's text changed): its tests
 * are due now, and a run is queued. The badge is written again at once: the new version has no
 * passing run yet.
 */
export async function versionPublished(deps: PromptTestsDeps, promptId: string): Promise<void> {
  const now = nowIso();
  await repo.makeDue(deps.db, promptId, now, now);
  await refreshBadge(deps, promptId);
  if ((await repo.countCases(deps.db, promptId)) > 0) {
    await deps.jobs.send(RUN_QUEUE, { promptId, trigger: 'publish' });
  }
}

/** The run job: the prompt's tests, if still due (another runner may have run them). */
export async function runDue(deps: PromptTestDeps, promptId: string, trigger: 'publish' | 'schedule') {
  const now = new Date();
  if (!(await repo.claim(deps.db, promptId, now.toISOString(), later(deps, now)))) return { runs: 0 };
  return runPromptTests(deps, promptId, trigger, now);
}

/**
 * The hourly look: every published prompt whose tests are due, claimed and run one after another.
 * A prompt with no run on one of today's test models (the model behind a choice changed) is due now.
 */
export async function runScheduled(deps: PromptTestDeps): Promise<number> {
  const now = nowIso();
  const keys = testModels(deps.models).map((m) => m.key);
  await repo.makeDueForModels(deps.db, keys, now);
  const due = await repo.duePrompts(deps.db, now, DUE_BATCH);
  let ran = 0;
  for (const { prompt_id } of due) {
    const { runs } = await runDue(deps, prompt_id, 'schedule');
    if (runs > 0) ran++;
  }
  return ran;
}

/** Every creator's test runs since a UTC day (YYYY-MM-DD), for the admin panel's cost report. */
export const testSpendSince = (db: PromptTestDeps['db'], fromDay: string) => repo.spentSince(db, fromDay);

/** Declares the two queues and the hourly schedule on the app's job runner. */
export function registerPromptTestJobs(deps: PromptTestsDeps) {
  deps.jobs.work<{ promptId: string; trigger: 'publish' | 'schedule' }>(
    RUN_QUEUE,
    { retryLimit: 1 },
    async (job) => {
      await runDue(deps, job.data.promptId, job.data.trigger);
    },
  );
  deps.jobs.work(DUE_QUEUE, { retryLimit: 1 }, async () => {
    await runScheduled(deps);
  });
  deps.jobs.schedule(DUE_QUEUE, DUE_CRON);
}
