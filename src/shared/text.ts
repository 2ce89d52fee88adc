import { z } from 'zod';

/*
 * Text people write for others to read: names, titles, descriptions, tags. It is stored in Unicode's
 * composed form (NFC), so one name is one string however it was typed, and it may not hide or
 * reorder what is shown: control characters, bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069: "abc" shown as "cba"), zero-width characters (U+200B-U+200D,
 * U+2060, U+FEFF: two names that look the same), and lone surrogates (half a character, which is
 * not text at all). A zero-width joiner between two emoji is allowed: it is how emoji such as
 * "woman technologist" are written, and it hides nothing (decision 041).
 */

/** C0 and C1 controls; multi-line text keeps tab, line feed and carriage return. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';
const CONTROLS_BUT_LINES = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const HIDING = '\\u202A-\\u202E\\u2066-\\u2069\\u200B-\\u200D\\u2060\\uFEFF';

const NOT_ALLOWED = new RegExp(`[${CONTROLS}${HIDING}]|\\p{Cs}`, 'u');
const NOT_ALLOWED_MULTILINE = new RegExp(`[${CONTROLS_BUT_LINES}${HIDING}]|\\p{Cs}`, 'u');
/** A zero-width joiner inside an emoji sequence (after an emoji, its variation or skin tone). */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;

/** True when `text` holds a character that names and titles may not contain (see above). */
export function hasHiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  const pattern = options.multiline ? NOT_ALLOWED_MULTILINE : NOT_ALLOWED;
  return pattern.test(text.replace(EMOJI_JOINER, ''));
}

export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

/**
 * A string field for text others read: trimmed, normalised to NFC, and refused with "<label>
 * contains characters that are not allowed" when it holds one of the characters above. Chain the
 * field's own length rules after it; its refusal comes first.
 */
export function displayText(label: string, options: { required?: string; multiline?: boolean } = {}) {
  return z
    .string({ error: options.required ?? `${label} is required` })
    .trim()
    .normalize('NFC')
    .refine((v) => !hasHiddenCharacters(v, options), notAllowedMessage(label));
}
