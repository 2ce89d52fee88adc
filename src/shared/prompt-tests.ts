import { z } from 'zod';
import { MODELS } from './constants';
import { promptVariableNames } from './prompt-variables';
import { displayText } from './text';

/*
 * Prompt tests (issue 56, decision 057): a creator's test cases, the runs the platform makes of them
 * on every model, and the board a listing shows. The form and the server share these schemas; the
 * rules that need the prompt's text (a variable must exist in it) are `testCaseProblems`, which
 * both ask too.
 */

export const MAX_TEST_CASES = 10;
export const MAX_CHECKS = 10;
export const MAX_VARIABLES = 20;
export const MAX_VARIABLE_CHARS = 2000;
export const MAX_INPUT_CHARS = 4000;
export const MAX_CHECK_TEXT = 200;
export const MAX_PATTERN = 200;
export const MAX_WORDS = 5000;
export const MAX_RUBRIC_CHARS = 500;
/** The most of an answer a pattern is matched against. */
export const PATTERN_SUBJECT_CHARS = 10_000;

export const CHECK_KINDS = ['contains', 'not-contains', 'matches', 'json', 'max-words', 'rubric'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const CHECK_LABELS: Record<CheckKind, string> = {
  contains: 'Contains',
  'not-contains': 'Does not contain',
  matches: 'Matches a pattern',
  json: 'Is valid JSON',
  'max-words': 'At most N words',
  rubric: 'Meets a rubric (judged by a model)',
};

/*
 * A group that repeats and holds a repeat itself ("(a+)+", "(\w*)*", "(x{1,9})+") can take
 * exponential time on a long answer: such patterns are refused, and a pattern is matched against
 * the answer's first PATTERN_SUBJECT_CHARS characters only.
 */
const NESTED_REPEAT = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d*,?\d*\})/;

/** Why a pattern is refused, or null: it compiles (case-insensitive, Unicode) and cannot blow up. */
export function patternProblem(pattern: string): string | null {
  if (NESTED_REPEAT.test(pattern)) {
    return 'Patterns may not repeat a group that itself repeats, such as (a+)+';
  }
  try {
    new RegExp(pattern, 'iu');
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^Invalid regular expression: /, '') : '';
    return `The pattern is not a valid regular expression${why ? `: ${why}` : ''}`;
  }
  return null;
}

const checkText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(MAX_CHECK_TEXT, `${label} must be at most ${MAX_CHECK_TEXT} characters`);

export const TestCheckSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contains'), text: checkText('The text to look for') }),
    z.object({ kind: z.literal('not-contains'), text: checkText('The text to look for') }),
    z.object({
      kind: z.literal('matches'),
      pattern: z
        .string({ error: 'The pattern is required' })
        .min(1, 'The pattern is required')
        .max(MAX_PATTERN, `The pattern must be at most ${MAX_PATTERN} characters`)
        .superRefine((p, ctx) => {
          const problem = patternProblem(p);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    }),
    z.object({ kind: z.literal('json') }),
    z.object({
      kind: z.literal('max-words'),
      words: z
        .number({ error: 'The word limit must be a number' })
        .int('The word limit must be a whole number')
        .min(1, 'The word limit must be at least 1')
        .max(MAX_WORDS, `The word limit must be at most ${MAX_WORDS}`),
    }),
    z.object({
      kind: z.literal('rubric'),
      rubric: z
        .string({ error: 'The rubric is required' })
        .trim()
        .min(1, 'The rubric is required')
        .max(MAX_RUBRIC_CHARS, `The rubric must be at most ${MAX_RUBRIC_CHARS} characters`),
      judge: z.enum(MODELS, { error: 'Choose the model that judges the rubric' }),
    }),
  ],
  { error: 'Unknown check' },
);
export type TestCheck = z.infer<typeof TestCheckSchema>;

/** POST /api/user/prompts/:id/tests: one test case. */
export const TestCaseInputSchema = z
  .object({
    label: displayText('Name').min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    variables: z
      .record(
        z
          .string()
          .trim()
          .min(1, 'A variable needs a name')
          .max(80, 'Variable names are at most 80 characters'),
        z
          .string()
          .max(MAX_VARIABLE_CHARS, `Variable values must be at most ${MAX_VARIABLE_CHARS} characters`),
        { error: 'Variables must be names with text values' },
      )
      .optional()
      .default({})
      .refine((v) => Object.keys(v).length <= MAX_VARIABLES, `Use at most ${MAX_VARIABLES} variables`)
      // Blank values are left out: they fill nothing.
      .transform((v) => Object.fromEntries(Object.entries(v).filter(([, value]) => value.trim() !== ''))),
    input: z
      .string({ error: 'The input must be text' })
      .trim()
      .max(MAX_INPUT_CHARS, `The input must be at most ${MAX_INPUT_CHARS} characters`)
      .optional()
      .default(''),
    checks: z
      .array(TestCheckSchema, { error: 'Checks must be a list' })
      .max(MAX_CHECKS, `Use at most ${MAX_CHECKS} checks`)
      .optional()
      .default([]),
  })
  .refine((c) => c.input !== '' || Object.keys(c.variables).length > 0, {
    path: ['input'],
    message: 'Give an input message or a value for one of the variables',
  });
export type TestCaseInput = z.input<typeof TestCaseInputSchema>;
export type TestCaseValues = z.output<typeof TestCaseInputSchema>;

/** What the prompt's text makes wrong with a case: a variable it does not have. */
export function testCaseProblems(content: string, c: Pick<TestCaseValues, 'variables'>) {
  const names = new Set(promptVariableNames(content).map((n) => n.toLowerCase()));
  return Object.keys(c.variables)
    .filter((name) => !names.has(name.toLowerCase()))
    .map((name) => ({ field: `variables.${name}`, message: `The prompt has no variable named "${name}"` }));
}

/** The case's schema for one prompt's text, as the form checks it. */
export const testCaseSchemaFor = (content: string) =>
  TestCaseInputSchema.superRefine((c, ctx) => {
    for (const p of testCaseProblems(content, c)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variables', p.field.slice('variables.'.length)],
        message: p.message,
      });
    }
  });

export const TestCaseParamsSchema = z.object({
  id: z.string().min(1).max(200),
  caseId: z.string().min(1).max(200),
});

export const TestCaseSchema = z.object({
  id: z.string(),
  label: z.string(),
  variables: z.record(z.string(), z.string()),
  input: z.string(),
  checks: z.array(TestCheckSchema),
  createdAt: z.string(),
});
export type TestCase = z.infer<typeof TestCaseSchema>;

/**
 * How a rubric's judge is asked (server side; the offline demo model knows it by its first words):
 * the rubric and the answer only, never the prompt, and a verdict on the first line.
 */
export const JUDGE_SYSTEM =
  'You judge an AI answer against a rubric for Promptforge prompt tests. Read the rubric and the answer, ' +
  'then reply with PASS or FAIL alone on the first line, and one sentence saying why on the second.';

/** The judge's verdict from its first word, PASS or FAIL (any case, after any Markdown); or null. */
export function verdictOf(reply: string): boolean | null {
  const first = /^[\s*_#>`"'-]*(pass|fail)\b/i.exec(reply)?.[1]?.toLowerCase();
  return first === 'pass' ? true : first === 'fail' ? false : null;
}

/** The judge's request: the rubric and the answer, each in its own tags. */
export const judgeMessage = (rubric: string, answer: string) =>
  `<rubric>\n${rubric}\n</rubric>\n\n<answer>\n${answer}\n</answer>`;

export const CheckResultSchema = z.object({
  kind: z.enum(CHECK_KINDS),
  label: z.string(),
  passed: z.boolean(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const TEST_RUN_STATUSES = ['passed', 'failed', 'error'] as const;

/** One run of a case on a model, as its creator sees it. */
export const TestRunSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  version: z.number().int(),
  model: z.string(),
  modelKey: z.string(),
  /** The provider's exact model id (or the offline demo model's). */
  modelId: z.string(),
  trigger: z.enum(['publish', 'schedule']),
  input: z.object({ variables: z.record(z.string(), z.string()), input: z.string() }),
  output: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** Millionths of the currency. */
  costMicros: z.number().int(),
  latencyMs: z.number().int().nullable(),
  checks: z.array(CheckResultSchema),
  createdAt: z.string(),
});
export type TestRun = z.infer<typeof TestRunSchema>;

/** The card's badge: the models the latest version passes on, and when it last ran. */
export const TestedSchema = z.object({ on: z.array(z.string()), at: z.string() });
export type Tested = z.infer<typeof TestedSchema>;

/**
 * The public board: per model, the latest run of each case on the prompt's current version. Numbers
 * only: no input, output or check text, so nothing in it can carry a premium prompt's text.
 */
export const TestBoardSchema = z.object({
  version: z.number().int(),
  tested: TestedSchema.nullable(),
  models: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      passed: z.number().int(),
      total: z.number().int(),
      medianLatencyMs: z.number().int().nullable(),
      /** Millionths of the currency, the mean over the runs counted. */
      costPerRunMicros: z.number().int(),
      lastRunAt: z.string(),
    }),
  ),
});
export type TestBoard = z.infer<typeof TestBoardSchema>;

/** The creator's view of a prompt's tests. */
export const PromptTestsSchema = z.object({
  cases: z.array(TestCaseSchema),
  board: TestBoardSchema,
  runs: z.array(TestRunSchema),
  budget: z.object({
    month: z.string(),
    /** The plan's monthly test budget, minor units; null: no limit (an admin's own prompts). */
    limitMinor: z.number().int().nullable(),
    spentMicros: z.number().int(),
  }),
  /** Why the last runs stopped short (the budget), or null. */
  stopped: z.string().nullable(),
  /** When the tests next run by themselves; null while the prompt is not published or has no cases. */
  dueAt: z.string().nullable(),
});
export type PromptTests = z.infer<typeof PromptTestsSchema>;
export const TestCaseResultSchema = z.object({ testCase: TestCaseSchema });

/*
 * Verified examples (issue 56, decision 069): runs a creator picks to show on the listing, copied by
 * the server from a stored run (one of the prompt's test runs, or one of the creator's own replies in
 * a playground session of the prompt). Nothing is typed in: the input names the run only.
 */

/** The most examples a listing shows. */
export const MAX_EXAMPLES = 5;
/** The most of a run's output, and of its input message, an example keeps (longer ones are cut). */
export const EXAMPLE_MAX_CHARS = 4000;
/** The most of one variable's value an example keeps. */
export const EXAMPLE_VARIABLE_CHARS = 500;
export const EXAMPLE_SOURCES = ['test', 'playground'] as const;
export type ExampleSource = (typeof EXAMPLE_SOURCES)[number];

/** POST /api/user/prompts/:id/examples: which stored run to copy. */
export const ExampleInputSchema = z.object({
  source: z.enum(EXAMPLE_SOURCES, { error: 'Choose a test run or a playground run' }),
  runId: z.string({ error: 'Choose a run' }).trim().min(1, 'Choose a run').max(200, 'Choose a run'),
});
export type ExampleInput = z.infer<typeof ExampleInputSchema>;

export const ExampleParamsSchema = z.object({
  id: z.string().min(1).max(200),
  exampleId: z.string().min(1).max(200),
});

/** An example as the listing shows it, marked "Run on Promptforge". */
export const PromptExampleSchema = z.object({
  id: z.string(),
  source: z.enum(EXAMPLE_SOURCES),
  model: z.string(),
  /** The prompt version the run used. */
  version: z.number().int().nullable(),
  variables: z.record(z.string(), z.string()),
  input: z.string(),
  output: z.string(),
  /** When the run was made. */
  runAt: z.string(),
});
export type PromptExample = z.infer<typeof PromptExampleSchema>;

/** A run the creator may pick: its source, id, model, date and the opening of its output. */
export const ExampleCandidateSchema = z.object({
  source: z.enum(EXAMPLE_SOURCES),
  id: z.string(),
  model: z.string(),
  version: z.number().int().nullable(),
  createdAt: z.string(),
  excerpt: z.string(),
  /** True when it is already one of the examples. */
  picked: z.boolean(),
});
export type ExampleCandidate = z.infer<typeof ExampleCandidateSchema>;

/** GET /api/user/prompts/:id/examples: the examples, and the runs the creator may pick from. */
export const PromptExamplesSchema = z.object({
  examples: z.array(PromptExampleSchema),
  candidates: z.array(ExampleCandidateSchema),
  max: z.number().int(),
});
export type PromptExamples = z.infer<typeof PromptExamplesSchema>;
export const ExampleResultSchema = z.object({ example: PromptExampleSchema });
