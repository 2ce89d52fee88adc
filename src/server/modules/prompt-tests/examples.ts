import type {
  ExampleCandidate,
  ExampleInput,
  PromptExample,
  PromptExamples,
} from '../../../shared/prompt-tests';
import { EXAMPLE_MAX_CHARS, EXAMPLE_VARIABLE_CHARS, MAX_EXAMPLES } from '../../../shared/prompt-tests';
import { AppError, fieldError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { holdsWholeText } from '../playground/service';
import * as repo from './examples-repository';
import * as tests from './repository';
import { type PromptTestDeps, WITHHELD_OUTPUT } from './run';

/*
 * Verified examples (issue 56, decision 069). A creator picks runs to show on the listing: one of
 * the prompt's stored test runs, or one of their own completed replies in a playground session of
 * the prompt. The server copies the run (input, output, model, version, date); nothing is typed in.
 * A premium prompt's example never holds its text: a run whose input or output holds the whole text
 * (case and spacing ignored, `holdsWholeText` beside the leak guard) is refused, left out of the
 * runs offered, and not shown if the prompt's text or type changes later.
 */

const CANDIDATES = 20;
const EXCERPT_CHARS = 160;
/** The stored JSON of an example's variables (the column's CHECK). */
const VARIABLES_JSON_MAX = 12_000;
const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';
const EXAMPLE_NOT_FOUND = 'The requested example could not be found.';
const NOT_A_RUN =
  'Choose one of the test runs of this prompt, or one of your own runs of it in the playground.';
const NO_ANSWER = 'This run has no answer to show. Choose another run.';
const HOLDS_PROMPT =
  "This run repeats the premium prompt's text, so it cannot be shown as an example. Choose another run.";
const TOO_LONG = "This run's variables are too long to show as an example. Choose another run.";
const ALREADY = 'This run is already one of the examples.';
const FULL = `A listing shows at most ${MAX_EXAMPLES} examples. Remove one first.`;

type Prompt = Pick<tests.TestedPrompt, 'type' | 'content'>;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Whether a premium prompt's whole text is in any of the example's texts (each, or all together). */
export function holdsPromptText(prompt: Prompt, texts: string[]): boolean {
  if (prompt.type !== 'premium') return false;
  return (
    texts.some((t) => holdsWholeText(prompt.content, t)) || holdsWholeText(prompt.content, texts.join('\n'))
  );
}

const textsOf = (e: Pick<PromptExample, 'variables' | 'input' | 'output'>) => [
  ...Object.values(e.variables),
  e.input,
  e.output,
];

async function ownPrompt(deps: PromptTestDeps, auth: AuthContext, id: string) {
  const prompt = await tests.findPrompt(deps.db, id);
  // Another creator's prompt is answered exactly like one that does not exist (as the studio does).
  if (!prompt || prompt.author_id !== auth.userId) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return prompt;
}

const toExample = (row: repo.ExampleRow): PromptExample => ({
  id: row.id,
  source: row.source as PromptExample['source'],
  model: row.model,
  version: row.version,
  variables: JSON.parse(row.variables) as Record<string, string>,
  input: row.input,
  output: row.output,
  runAt: row.run_at,
});

/** The model's name as people know it (Claude), from the registry; its key when it is gone. */
function modelName(deps: PromptTestDeps, reply: { model: string | null; model_key: string | null }): string {
  const ref = reply.model_key ?? reply.model ?? '';
  return deps.models.find(ref)?.name ?? deps.models.find(reply.model ?? '')?.name ?? ref;
}

/** A stored run as the example it would be, before any rule is asked. */
type Copy = Omit<PromptExample, 'id'>;

function copyOfTestRun(run: tests.RunRow): Copy {
  const stored = JSON.parse(run.input) as { variables?: Record<string, string>; input?: string };
  return {
    source: 'test',
    model: run.model_name,
    version: run.version,
    variables: Object.fromEntries(
      Object.entries(stored.variables ?? {}).map(([k, v]) => [k, cut(v, EXAMPLE_VARIABLE_CHARS)]),
    ),
    input: cut(stored.input ?? '', EXAMPLE_MAX_CHARS),
    output:
      run.status === 'error' || run.output === WITHHELD_OUTPUT ? '' : cut(run.output, EXAMPLE_MAX_CHARS),
    runAt: run.created_at,
  };
}

async function copyOfReply(deps: PromptTestDeps, promptId: string, reply: repo.OwnReply): Promise<Copy> {
  return {
    source: 'playground',
    model: modelName(deps, reply),
    version: await repo.versionAt(deps.db, promptId, reply.created_at),
    variables: {},
    input: cut(reply.asked ?? '', EXAMPLE_MAX_CHARS),
    output: cut(reply.content, EXAMPLE_MAX_CHARS),
    runAt: reply.created_at,
  };
}

const showable = (prompt: Prompt, copy: Copy) =>
  copy.output.trim() !== '' && !holdsPromptText(prompt, textsOf(copy));

/** The examples a listing shows: those whose texts still hold nothing of a premium prompt's text. */
export async function listingExamples(
  db: PromptTestDeps['db'],
  prompt: Prompt & { id: string },
): Promise<PromptExample[]> {
  const rows = await repo.listExamples(db, prompt.id);
  return rows.map(toExample).filter((e) => !holdsPromptText(prompt, textsOf(e)));
}

/** The creator's view: the examples, and the runs they may pick from (test runs first, then theirs). */
export async function promptExamples(
  deps: PromptTestDeps,
  auth: AuthContext,
  id: string,
): Promise<PromptExamples> {
  const prompt = await ownPrompt(deps, auth, id);
  const [rows, runs, replies] = await Promise.all([
    repo.listExamples(deps.db, prompt.id),
    tests.latestRuns(deps.db, prompt.id, CANDIDATES),
    repo.listOwnReplies(deps.db, prompt.id, auth.userId, CANDIDATES),
  ]);
  const picked = new Set(rows.map((r) => `${r.source}:${r.source_id}`));
  const candidate = (id: string, copy: Copy, createdAt: string): ExampleCandidate[] => {
    if (!showable(prompt, copy)) return [];
    const flat = copy.output.replace(/\s+/g, ' ').trim();
    return [
      {
        source: copy.source,
        id,
        model: copy.model,
        version: copy.version,
        createdAt,
        excerpt: cut(flat, EXCERPT_CHARS),
        picked: picked.has(`${copy.source}:${id}`),
      },
    ];
  };
  const fromTests = runs.flatMap((r) => candidate(r.id, copyOfTestRun(r), r.created_at));
  const fromTries = (
    await Promise.all(
      replies.map(async (r) => candidate(r.id, await copyOfReply(deps, prompt.id, r), r.created_at)),
    )
  ).flat();
  return {
    examples: rows.map(toExample).filter((e) => !holdsPromptText(prompt, textsOf(e))),
    candidates: [...fromTests, ...fromTries],
    max: MAX_EXAMPLES,
  };
}

/**
 * Copies a stored run as an example: the prompt's own test run, or the creator's own completed
 * reply in a playground session of the prompt; anything else is the same VALIDATION_ERROR, which
 * says nothing about whose run it was. It takes the first free place (1 to 5): the places' unique
 * rule stops two writes at once from showing a sixth.
 */
export async function addExample(
  deps: PromptTestDeps,
  auth: AuthContext,
  id: string,
  input: ExampleInput,
): Promise<PromptExample> {
  const prompt = await ownPrompt(deps, auth, id);
  let copy: Copy;
  if (input.source === 'test') {
    const run = await repo.findTestRun(deps.db, prompt.id, input.runId);
    if (!run) throw fieldError('runId', NOT_A_RUN);
    copy = copyOfTestRun(run);
  } else {
    const reply = await repo.findOwnReply(deps.db, prompt.id, auth.userId, input.runId);
    if (!reply) throw fieldError('runId', NOT_A_RUN);
    copy = await copyOfReply(deps, prompt.id, reply);
  }
  if (copy.output.trim() === '') throw fieldError('runId', NO_ANSWER);
  if (holdsPromptText(prompt, textsOf(copy))) throw fieldError('runId', HOLDS_PROMPT);
  const variables = JSON.stringify(copy.variables);
  if (variables.length > VARIABLES_JSON_MAX) throw fieldError('runId', TOO_LONG);

  // Two tries: a place taken by another write at the same moment is looked for again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await repo.listExamples(deps.db, prompt.id);
    if (rows.some((r) => r.source === copy.source && r.source_id === input.runId)) {
      throw fieldError('runId', ALREADY);
    }
    const taken = new Set(rows.map((r) => r.position));
    const position = Array.from({ length: MAX_EXAMPLES }, (_, i) => i + 1).find((p) => !taken.has(p));
    if (position === undefined) throw fieldError('runId', FULL);
    const row: repo.ExampleRow = {
      id: newId(),
      prompt_id: prompt.id,
      source: copy.source,
      source_id: input.runId,
      position,
      model: copy.model,
      version: copy.version,
      variables,
      input: copy.input,
      output: copy.output,
      run_at: copy.runAt,
      created_at: nowIso(),
    };
    if (await repo.insertExample(deps.db, row)) return toExample(row);
  }
  throw fieldError('runId', FULL);
}

export async function deleteExample(deps: PromptTestDeps, auth: AuthContext, id: string, exampleId: string) {
  const prompt = await ownPrompt(deps, auth, id);
  if (!(await repo.deleteExample(deps.db, prompt.id, exampleId))) {
    throw new AppError('NOT_FOUND_ERROR', EXAMPLE_NOT_FOUND);
  }
}
