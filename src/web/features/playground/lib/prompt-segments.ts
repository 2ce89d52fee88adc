/*
 * The prompt preview of a free prompt: its text cut into plain runs and {{variables}} / [variables],
 * so the preview can mark what the user filled in and what is still open. The pattern is the one
 * fillVariables() in @shared/playground uses, so the preview shows exactly what will be sent.
 */

const VARIABLE = /\{\{\s*([\p{L}\p{N}_ -]{1,60}?)\s*\}\}|\[([\p{L}\p{N}_ -]{1,60})\]/gu;

export type PromptSegment =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string; placeholder: string; value: string | null };

export function segmentPrompt(text: string, values: Record<string, string>): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(VARIABLE)) {
    const index = m.index ?? 0;
    if (index > last) segments.push({ kind: 'text', text: text.slice(last, index) });
    const name = (m[1] ?? m[2] ?? '').trim();
    const value = values[name];
    segments.push({
      kind: 'variable',
      name,
      placeholder: m[0],
      value: value !== undefined && value.trim() !== '' ? value : null,
    });
    last = index + m[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
