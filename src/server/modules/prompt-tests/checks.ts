import {
  CHECK_LABELS,
  type CheckResult,
  PATTERN_SUBJECT_CHARS,
  type TestCheck,
  patternProblem,
} from '../../../shared/prompt-tests';

/*
 * A test case's checks on an answer. They read the model's whole answer (before the leak guard
 * cut anything): a check's verdict is about what the model said, and a result is a name and a
 * verdict only, never a piece of the answer. A rubric is judged by the model the creator chose
 * (run.ts asks it), from the rubric and the answer alone.
 */

export type RubricCheck = Extract<TestCheck, { kind: 'rubric' }>;
type TextCheck = Exclude<TestCheck, RubricCheck>;

/** A rubric's verdict (null: the judge gave none, or could not be asked) and the judge's name. */
export type Judge = (check: RubricCheck, answer: string) => Promise<{ verdict: boolean | null; by: string }>;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A JSON answer, alone or in one Markdown code block (as models often write it). */
function isJson(text: string): boolean {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  try {
    JSON.parse(fenced ? fenced[1]! : trimmed);
    return true;
  } catch {
    return false;
  }
}

function passes(check: TextCheck, answer: string): boolean {
  switch (check.kind) {
    case 'contains':
      return answer.toLowerCase().includes(check.text.toLowerCase());
    case 'not-contains':
      return !answer.toLowerCase().includes(check.text.toLowerCase());
    case 'matches':
      // Stored cases were checked when written; one refused now (a tightened rule) fails.
      return (
        patternProblem(check.pattern) === null &&
        new RegExp(check.pattern, 'iu').test(answer.slice(0, PATTERN_SUBJECT_CHARS))
      );
    case 'json':
      return isJson(answer);
    case 'max-words':
      return words(answer) <= check.words;
  }
}

/** What a check is called in a result: its kind, and its number for a word limit. */
const checkLabel = (check: TextCheck) =>
  check.kind === 'max-words' ? `At most ${check.words} words` : CHECK_LABELS[check.kind];

export async function runChecks(checks: TestCheck[], answer: string, judge: Judge): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    if (check.kind !== 'rubric') {
      results.push({ kind: check.kind, label: checkLabel(check), passed: passes(check, answer) });
      continue;
    }
    const { verdict, by } = await judge(check, answer);
    results.push({
      kind: 'rubric',
      label: verdict === null ? `Rubric: ${by} gave no verdict` : `Meets the rubric (judged by ${by})`,
      passed: verdict === true,
    });
  }
  return results;
}
