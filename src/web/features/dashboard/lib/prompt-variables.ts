/*
 * The upload form's live preview marks the parts a buyer fills in, {{topic}} or [topic], exactly as
 * the public prompt page will. The rules are the marketplace page's (features/marketplace/lib/
 * prompt-variables.ts); a feature cannot import another feature, so they are repeated here and
 * tested on the same cases.
 */

export type PromptSegment = { kind: 'text'; text: string } | { kind: 'variable'; text: string; name: string };

/*
 * {{name}}: anything but braces and line breaks. [name]: a label with a word in it that does not
 * follow a word, so citations ([1]), checkboxes ([ ], [x]), code (a[i + 1]) and Markdown links
 * ([text](url)) stay plain text.
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
