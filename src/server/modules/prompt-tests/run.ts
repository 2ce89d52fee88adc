import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { MODELS } from '../../../shared/constants';
import { fillVariables } from '../../../shared/playground';
import { JUDGE_SYSTEM, type TestCheck, judgeMessage, verdictOf } from '../../../shared/prompt-tests';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import type { ModelEntry, ModelRegistry } from '../../integrations/ai/providers';
import type { Mailer } from '../../integrations/mail/mailer';
import { newId, nowIso } from '../../lib/time';
import { currentSubscriptionFinder, findFreePlan } from '../billing/service';
import { SYSTEM_PROMPT, holdsWholeText, singleReply, systemPrompt } from '../playground/service';
import { DEFAULT_SETTINGS } from '../../../shared/playground-settings';
import { notify } from '../notifications/service';
import { boardOf } from './board';
import { type Judge, runChecks } from './checks';
import * as repo from './repository';

/*
 * A prompt's tests run: every case on every model the listing offers (the spec's choices, Claude,
 * ChatGPT and Perplexity, as the operator mapped them; a model whose provider is out is skipped),
 * through the playground's provider layer (the offline demo model where a provider has no key).
 * Each run is stored with the model's exact id, the prompt version, the input, the output, tokens,
 * cost, latency and the checks' results, and paid from the creator's monthly test budget (the
 * plan's `test_budget_minor`): the run that reaches the budget is the last, and the rest stop with
 * a message the studio shows. Afterwards the card's badge is written from the board, and a
 * scheduled re-run that starts failing is mailed to the creator once.
 *
 * Premium text: the prompt's text is sent to the model as a try sends it (the system prompt that
 * forbids repeating it) and never stored with a run. The output is read through the try's leak
 * guard (a passage of the prompt the case did not supply cuts it, with the guard's notice), and an
 * output holding the whole prompt (one too short for the guard's window) is withheld. The checks
 * read the whole answer; their results are verdicts, not text. A rubric is judged by the model
 * the creator chose, sent the rubric and the answer only (never the prompt); what judging costs is
 * part of the run's cost.
 */

export interface PromptTestDeps {
  db: Kysely<DB>;
  models: ModelRegistry;
  config: Pick<Config, 'ai' | 'playground' | 'publicUrl'> & {
    payments: Pick<Config['payments'], 'currency'>;
  };
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

export type Trigger = 'publish' | 'schedule';

/** A minor unit (a cent) in the millionths costs are counted in. */
export const MICROS_PER_MINOR = 10_000;
export const WITHHELD_OUTPUT =
  "Promptforge withheld this answer: it repeated the premium prompt's text, which runs never keep.";
/** Sent when a premium case gives no input of its own: the prompt and its variables are the request. */
export const GO_AHEAD = 'Please go ahead.';

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The models a listing is tested on: the spec's choices, each once, while its provider answers. */
export function testModels(models: ModelRegistry): ModelEntry[] {
  const seen = new Map<string, ModelEntry>();
  for (const choice of MODELS) {
    const entry = models.find(choice);
    if (entry && !seen.has(entry.key) && models.status(entry.key) !== 'unavailable')
      seen.set(entry.key, entry);
  }
  return [...seen.values()];
}

/** The creator's monthly test budget in minor units; null: no limit (an admin, who has no plan). */
export async function budgetMinorOf(db: Kysely<DB>, userId: string): Promise<number | null> {
  const user = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  if (user?.role === 'admin') return null;
  const subscription = await currentSubscriptionFinder(db)(userId, nowIso());
  const planId = subscription?.plan_id ?? (await findFreePlan(db))?.id;
  return planId ? repo.planBudgetMinor(db, planId) : 0;
}

const money = (currency: string, minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
const monthAfter = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)),
  );

/** Why runs stop for the budget: the message the studio shows. */
export function budgetMessage(currency: string, limitMinor: number, now: Date): string {
  if (limitMinor === 0) {
    return 'Your plan includes no budget for test runs. Choose a plan with a test budget to have this prompt tested on every model.';
  }
  return `This month's test budget of ${money(currency, limitMinor)} is used up, so test runs stopped. They start again on ${monthAfter(now)}, or sooner on a plan with a larger budget.`;
}

/** What the model is sent for a case: as a try sends the prompt (premium) or as its text (free). */
export function caseRequest(prompt: repo.TestedPrompt, c: repo.CaseRow) {
  const variables = JSON.parse(c.variables) as Record<string, string>;
  const filled = fillVariables(prompt.content, variables);
  if (prompt.type === 'premium') {
    return {
      system: systemPrompt(filled, DEFAULT_SETTINGS),
      message: c.input || GO_AHEAD,
      premiumText: filled,
      supplied: [c.input, ...Object.values(variables)],
      variables,
    };
  }
  return {
    system: SYSTEM_PROMPT,
    message: c.input ? `${filled}\n\n${c.input}` : filled,
    premiumText: null,
    supplied: [],
    variables,
  };
}

/** The output a run keeps: the guarded text, or a notice where it held the whole premium text. */
export function keptOutput(premiumText: string | null, text: string): string {
  return premiumText !== null && holdsWholeText(premiumText, text) ? WITHHELD_OUTPUT : text;
}

async function runCase(
  deps: PromptTestDeps,
  prompt: repo.TestedPrompt,
  c: repo.CaseRow,
  model: ModelEntry,
  meta: { version: number; trigger: Trigger; now: Date },
): Promise<repo.RunRow> {
  const req = caseRequest(prompt, c);
  const reply = await singleReply(deps, model, {
    system: req.system,
    messages: [{ role: 'user', content: req.message }],
    premiumText: req.premiumText,
    supplied: req.supplied,
  });
  let judgeMicros = 0;
  const judge: Judge = async (check, answer) => {
    const entry = deps.models.find(check.judge);
    if (!entry || deps.models.status(entry.key) === 'unavailable') {
      return { verdict: null, by: entry?.name ?? check.judge };
    }
    const verdict = await singleReply(deps, entry, {
      system: JUDGE_SYSTEM,
      messages: [{ role: 'user', content: judgeMessage(check.rubric, answer) }],
      premiumText: null,
      supplied: [],
    });
    judgeMicros += verdict.costMicros;
    return { verdict: verdict.failure ? null : verdictOf(verdict.text), by: entry.name };
  };
  const checks = reply.failure ? [] : await runChecks(JSON.parse(c.checks) as TestCheck[], reply.text, judge);
  const status = reply.failure
    ? 'error'
    : checks.every((r) => r.passed) && !reply.leaked
      ? 'passed'
      : 'failed';
  return {
    id: newId(),
    prompt_id: prompt.id,
    case_id: c.id,
    author_id: prompt.author_id,
    version: meta.version,
    model_key: model.key,
    model_id: model.modelId,
    model_name: model.name,
    trigger: meta.trigger,
    input: JSON.stringify({ variables: req.variables, input: c.input }),
    output: reply.failure ? '' : keptOutput(req.premiumText, reply.text),
    status,
    input_tokens: reply.inputTokens,
    output_tokens: reply.outputTokens,
    // A rubric's judging is part of the run's cost, paid from the same budget.
    cost_micros: reply.costMicros + judgeMicros,
    latency_ms: reply.failure ? null : reply.latencyMs,
    checks: JSON.stringify(checks),
    month: monthOf(meta.now),
    created_at: nowIso(),
  };
}

/** Runs every case of a published prompt on every model, within the creator's budget. */
export async function runPromptTests(
  deps: PromptTestDeps,
  promptId: string,
  trigger: Trigger,
  now = new Date(),
): Promise<{ runs: number; stopped: string | null }> {
  const { db } = deps;
  const prompt = await repo.findPrompt(db, promptId);
  if (!prompt || prompt.status !== 'published') return { runs: 0, stopped: null };
  const cases = await repo.listCases(db, promptId);
  const version = await repo.currentVersion(db, promptId);
  const limitMinor = await budgetMinorOf(db, prompt.author_id);
  let spent = await repo.spentMicros(db, prompt.author_id, monthOf(now));
  let stopped: string | null = null;
  let runs = 0;
  outer: for (const c of cases) {
    for (const model of testModels(deps.models)) {
      if (limitMinor !== null && spent >= limitMinor * MICROS_PER_MINOR) {
        stopped = budgetMessage(deps.config.payments.currency, limitMinor, now);
        break outer;
      }
      const run = await runCase(deps, prompt, c, model, { version, trigger, now });
      await repo.insertRun(db, run);
      spent += run.cost_micros;
      runs++;
    }
  }
  await repo.setStopped(db, promptId, stopped, nowIso());
  const board = await refreshBadge(deps, promptId);
  if (trigger === 'schedule' && runs > 0) await noticeFailures(deps, prompt, board);
  return { runs, stopped };
}

/**
 * Writes the card's badge and the page's board from the runs of the current version, when they
 * changed (the write moves the catalogue's content version, so cached lists and pages follow).
 */
export async function refreshBadge(deps: Pick<PromptTestDeps, 'db'>, promptId: string) {
  const board = await boardOf(deps, promptId);
  const on = board.tested ? JSON.stringify(board.tested.on) : null;
  const at = board.models.reduce<string | null>(
    (last, m) => (last && last > m.lastRunAt ? last : m.lastRunAt),
    null,
  );
  const json = JSON.stringify(board);
  const current = await repo.findBadge(deps.db, promptId);
  if (current && (current.tested_on !== on || current.tested_at !== at || current.test_board !== json)) {
    await repo.writeBadge(deps.db, promptId, { tested_on: on, tested_at: at, test_board: json });
  }
  return board;
}

/**
 * A scheduled re-run that starts failing (a model that passed every case no longer does) is mailed
 * to the creator once; it is mailed again only after the runs pass again and then fail.
 * The in-app notice belongs here too once the notifications centre exists (decision 057).
 */
async function noticeFailures(
  deps: PromptTestDeps,
  prompt: repo.TestedPrompt,
  board: Awaited<ReturnType<typeof boardOf>>,
) {
  const failingModels = board.models.filter((m) => m.passed < m.total).map((m) => m.name);
  const failing = failingModels.length > 0;
  const mailed = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setFailing(trx, prompt.id, failing)) || !failing) return false;
    const author = await repo.findAuthor(trx, prompt.author_id);
    if (!author) return false;
    const url = `${deps.config.publicUrl}/dashboard?tab=prompts`;
    // Once per turn from passing to failing (setFailing flips it): the notice names that moment.
    await notify({ db: trx }, [
      {
        userId: author.id,
        kind: 'prompt.tests_failing',
        eventKey: `tests-failing:${prompt.id}:${nowIso()}`,
        title: `"${prompt.title}" started failing its tests`,
        body: `Cases no longer pass on ${failingModels.join(', ')}.`,
        link: '/dashboard?tab=prompts',
      },
    ]);
    await deps.mailer.send(
      {
        to: author.email,
        subject: `Your prompt "${prompt.title}" started failing its tests`,
        text:
          `Hi ${author.name},\n\nThe weekly re-run of the tests of "${prompt.title}" on Promptforge ` +
          `found cases that no longer pass on ${failingModels.join(', ')}. Models change behind the ` +
          `same name; the listing now shows the new results.\n\nSee the runs and adjust the prompt or its ` +
          `checks: ${url}\n`,
      },
      { db: trx },
    );
    return true;
  });
  if (mailed) deps.mailer.wake();
}
