import { z } from 'zod';

/** A chat session's settings and the presets that start one (issue 55, decision 051). */

export const MAX_SYSTEM_PROMPT_CHARS = 4000;
export const MAX_REPLY_TOKENS = 8192;

export const SessionSettingsSchema = z.object({
  /** Instructions the model follows for the whole conversation; null: the playground's own. */
  systemPrompt: z
    .string()
    .trim()
    .max(MAX_SYSTEM_PROMPT_CHARS, `The system prompt must be at most ${MAX_SYSTEM_PROMPT_CHARS} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** 0 (focused) to 2 (varied); null: the model's default. */
  temperature: z
    .number({ error: 'Temperature must be a number from 0 to 2' })
    .min(0, 'Temperature must be a number from 0 to 2')
    .max(2, 'Temperature must be a number from 0 to 2')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** The longest reply in tokens; null: the server's limit. The server's limit caps it. */
  maxTokens: z
    .number({ error: `Maximum reply length must be a whole number from 16 to ${MAX_REPLY_TOKENS}` })
    .int(`Maximum reply length must be a whole number from 16 to ${MAX_REPLY_TOKENS}`)
    .min(16, `Maximum reply length must be a whole number from 16 to ${MAX_REPLY_TOKENS}`)
    .max(MAX_REPLY_TOKENS, `Maximum reply length must be a whole number from 16 to ${MAX_REPLY_TOKENS}`)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type SessionSettingsInput = z.input<typeof SessionSettingsSchema>;
export type SessionSettings = z.output<typeof SessionSettingsSchema>;

export const DEFAULT_SETTINGS: SessionSettings = { systemPrompt: null, temperature: null, maxTokens: null };

const presetName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');

export const PresetInputSchema = z.object({
  name: presetName,
  /** A choice (claude, chatgpt, perplexity) or a configured model's key. */
  model: z.string({ error: 'Model is required' }).trim().min(1, 'Model is required').max(200),
  settings: SessionSettingsSchema,
});
export type PresetInput = z.input<typeof PresetInputSchema>;

export const PresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  settings: z.object({
    systemPrompt: z.string().nullable(),
    temperature: z.number().nullable(),
    maxTokens: z.number().int().nullable(),
  }),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof PresetSchema>;

const settingsOut = PresetSchema.shape.settings;

/** The admin's default preset (decision 065): PUT /admin/models/default-preset takes a PresetInput. */
export const AdminDefaultPresetSchema = z.object({
  preset: z
    .object({ name: z.string(), model: z.string(), settings: settingsOut, updatedAt: z.string() })
    .nullable(),
  /** The plans that do not offer the preset's model: their users start on their plan's default model. */
  plansWithout: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminDefaultPreset = z.infer<typeof AdminDefaultPresetSchema>;

/** What a user's new chat starts from when they pick no preset: the admin's default, for their plan. */
export const StartPresetSchema = z.object({
  name: z.string(),
  /** The preset's model, or the plan's default model when the plan does not offer it. */
  model: z.string(),
  settings: settingsOut,
  /** The name of the preset's model when the user's plan does not offer it (null: it does). */
  replacedModel: z.string().nullable(),
});
export type StartPreset = z.infer<typeof StartPresetSchema>;

export const PresetListSchema = z.object({
  presets: z.array(PresetSchema),
  /** The admin's default preset as it applies to the caller; null when there is none. */
  default: StartPresetSchema.nullable(),
});

/** PATCH /playground/sessions/:id: rename, pin, change settings (any of them). */
export const SessionUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
    pinned: z.boolean(),
    settings: SessionSettingsSchema,
  })
  .partial();
export type SessionUpdate = z.input<typeof SessionUpdateSchema>;

/** PUT /playground/sessions/:id/branch: show the branch through this message. */
export const BranchRequestSchema = z.object({ messageId: z.string().min(1).max(100) });

/** Regenerate (a reply or the user message it answers) or continue (a reply cut by the length limit). */
export const ReplyActionSchema = z.object({
  messageId: z.string().min(1).max(100),
  /** Another model for the new reply (regenerate only); the session's by default. */
  model: z.string().trim().min(1).max(200).optional(),
});

/** GET /playground/sessions?q=: titles and message text containing the words. */
export const SessionListQuerySchema = z.object({ q: z.string().trim().max(200).optional() });

export const ExportQuerySchema = z.object({
  format: z.enum(['markdown', 'json'], { error: 'Format must be markdown or json' }).default('markdown'),
});

/** An exported conversation: a file for the browser to save. */
export const SessionExportSchema = z.object({
  filename: z.string(),
  mediaType: z.string(),
  content: z.string(),
});
export type SessionExport = z.infer<typeof SessionExportSchema>;

/** POST /playground/import: the text of a ChatGPT `conversations.json` or a Promptforge chat export. */
export const ImportRequestSchema = z.object({
  content: z
    .string({ error: 'Choose a file to import' })
    .min(1, 'Choose a file to import')
    .max(10_000_000, 'The file must be at most 10 MB'),
});
export const ImportResultSchema = z.object({
  sessions: z.array(z.object({ id: z.string(), title: z.string(), messageCount: z.number().int() })),
  /** Conversations left out: empty, or longer than a conversation may be. */
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
export const IMPORT_FORMAT_MESSAGE =
  'This file is not a ChatGPT export (conversations.json) or a Promptforge chat export.';
