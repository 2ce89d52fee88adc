/*
 * Prompts mark the parts a user fills in either as {{topic}} or as [topic]. One set of rules for
 * every place that reads them: the prompt page and the upload preview highlight them, the
 * playground asks for them, and the server fills them into a premium prompt it never shows.
 */

export type PromptSegment = { kind: 'text'; text: string } | { kind: 'variable'; text: string; name: string };

/*
 * {{name}}: anything but braces and line breaks. [name]: a label with a word in it that does not
 * follow a word, so ordinary brackets such as citations ([1]), checkboxes ([ ], [x]) or code
 * (a[i + 1], items[key]) stay plain text. Markdown links ([text](url)) are left alone by refusing a
 * '(' right after the ']'.
 */
const VARIABLE =
  /\{\{\s*([^{}\n]{1,80}?)\s*\}\}|(?<![\w\]])\[([A-Za-z0-9"][^[\]\n=*<>{}|\\^%$#@!;]{1,159})\](?!\()/g;
// A word, or a list of choices such as [A1 / A2 / B1].
const WORD = /[A-Za-z]{2}|\S \/ \S/;

/** Splits a prompt into plain text and variables, in order; joining every segment's text gives the input back. */
export function splitPromptVariables(content: string): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const match of content.matchAll(VARIABLE)) {
    const index = match.index;
    const name = (match[1] ?? match[2] ?? '').trim();
    // Brackets without a word in them ([x], [2]) read as notation, not as something to fill in.
    if (match[2] !== undefined && !WORD.test(name)) continue;
    if (index > last) segments.push({ kind: 'text', text: content.slice(last, index) });
    segments.push({ kind: 'variable', text: match[0], name });
    last = index + match[0].length;
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) });
  return segments;
}

/** The distinct variable names, in order of first appearance (case-insensitive). */
export function promptVariableNames(content: string): string[] {
  const seen = new Map<string, string>();
  for (const segment of splitPromptVariables(content)) {
    if (segment.kind !== 'variable') continue;
    const key = segment.name.toLowerCase();
    if (!seen.has(key)) seen.set(key, segment.name);
  }
  return [...seen.values()];
}

/** The variable's value for a name, matched case-insensitively; null when empty or absent. */
function valueFor(name: string, values: Record<string, string>): string | null {
  const exact = values[name];
  const found = exact ?? Object.entries(values).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return found !== undefined && found.trim() !== '' ? found : null;
}

/** Fills each variable with its value; variables without one stay as they are. */
export function fillPromptVariables(content: string, values: Record<string, string>): string {
  return splitPromptVariables(content)
    .map((s) => (s.kind === 'variable' ? (valueFor(s.name, values) ?? s.text) : s.text))
    .join('');
}

/** The segments with each variable's value (or null), for previews of what will be sent. */
export function fillPreview(
  content: string,
  values: Record<string, string>,
): (
  { kind: 'text'; text: string } | { kind: 'variable'; text: string; name: string; value: string | null }
)[] {
  return splitPromptVariables(content).map((s) =>
    s.kind === 'variable' ? { ...s, value: valueFor(s.name, values) } : s,
  );
}
