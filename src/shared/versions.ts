import { z } from 'zod';
import { displayText } from './text';

/** A prompt's versions and their changelog (issue 57, decision 055). */

export const NOTE_MAX = 200;

/** The answer to a version number the prompt does not have. */
export const VERSION_NOT_FOUND = 'The requested version could not be found.';

/**
 * The changelog note of the version an edit makes: short, one line, text others read. Empty is
 * no note (the form asks for one once the prompt has been published; the API allows none).
 */
export const VersionNoteSchema = displayText('Changelog note')
  .max(NOTE_MAX, `Changelog note must be at most ${NOTE_MAX} characters`)
  .transform((v) => (v === '' ? null : v));

/** One version as everyone sees it in the history: no text. */
export const VersionSummarySchema = z.object({
  version: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

export const VersionListSchema = z.object({
  versions: z.array(VersionSummarySchema),
  /** Whether the caller may read each version's text and diffs. */
  canRead: z.boolean(),
  /** Whether the caller may restore an old version (the prompt's author). */
  canRestore: z.boolean(),
});
export type VersionList = z.infer<typeof VersionListSchema>;

export const VersionTextSchema = VersionSummarySchema.extend({
  title: z.string(),
  description: z.string(),
  content: z.string(),
});
export type VersionText = z.infer<typeof VersionTextSchema>;

const versionNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} is too large`);

export const VersionParamsSchema = z.object({
  id: z.string().trim().min(1, 'Prompt id is required').max(200, 'Prompt id is too long'),
  version: versionNumber('Version'),
});

export const DiffQuerySchema = z.object({ from: versionNumber('From'), to: versionNumber('To') });

const DIFF_OPS = ['same', 'add', 'remove'] as const;

/** A changed line's words: on a removed line its kept and removed ones, on an added line its kept and added. */
export const DiffWordSchema = z.object({ op: z.enum(DIFF_OPS), text: z.string() });
export type DiffWord = z.infer<typeof DiffWordSchema>;

export const DiffLineSchema = z.object({
  op: z.enum(DIFF_OPS),
  text: z.string(),
  /** On a changed line paired with one on the other side (word-diff.ts); absent otherwise. */
  words: z.array(DiffWordSchema).optional(),
});
export type DiffLine = z.infer<typeof DiffLineSchema>;

/** The change from one version to another, field by field, line by line, and word by word within changed lines. */
export const VersionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  title: z.array(DiffLineSchema),
  description: z.array(DiffLineSchema),
  content: z.array(DiffLineSchema),
});
export type VersionDiff = z.infer<typeof VersionDiffSchema>;
