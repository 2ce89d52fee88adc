import { fillPreview } from '@shared/prompt-variables';

/*
 * The prompt preview of a free prompt: its text cut into plain runs and {{variables}} / [variables],
 * so the preview can mark what the user filled in and what is still open. The rules are the shared
 * ones fillVariables() uses, so the preview shows exactly what will be sent.
 */

export type PromptSegment =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string; placeholder: string; value: string | null };

export function segmentPrompt(text: string, values: Record<string, string>): PromptSegment[] {
  return fillPreview(text, values).map((s) =>
    s.kind === 'text' ? s : { kind: 'variable', name: s.name, placeholder: s.text, value: s.value },
  );
}
