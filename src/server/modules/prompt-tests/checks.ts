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
 * verdict only, never a piece of the answer.
 */

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

function passes(check: TestCheck, answer: string): boolean {
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
export const checkLabel = (check: TestCheck) =>
  check.kind === 'max-words' ? `At most ${check.words} words` : CHECK_LABELS[check.kind];

export function runChecks(checks: TestCheck[], answer: string): CheckResult[] {
  return checks.map((check) => ({
    kind: check.kind,
    label: checkLabel(check),
    passed: passes(check, answer),
  }));
}
