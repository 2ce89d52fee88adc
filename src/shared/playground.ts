import { z } from 'zod';
import { SessionSettingsSchema } from './playground-settings';

/** Playground contracts (spec sections 3 and 7, product-decisions.md). */

export const LIMIT_REACHED_MESSAGE =
  'You have reached your playground session limit. Please upgrade your plan to continue.';
export const AI_FAILURE_MESSAGE = 'Failed to get AI response';
export const EMPTY_REPLY_MESSAGE = "I received your message but couldn't generate a response.";

export const UNKNOWN_MODEL_MESSAGE =
  'Model must be claude, chatgpt, perplexity or a model listed by /api/playground/models';

/** The server enforces its configured length cap too; this is the default. */
export const MAX_MESSAGE_CHARS = 8000;

export const ChatRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MAX_MESSAGE_CHARS, `Messages must be at most ${MAX_MESSAGE_CHARS} characters`),
  sessionId: z.string().min(1).max(100).optional(),
  /** One of the spec's choices (claude, chatgpt, perplexity) or a configured model's key, e.g. `local/llama3.2`. */
  model: z
    .string({ error: UNKNOWN_MODEL_MESSAGE })
    .trim()
    .min(1, UNKNOWN_MODEL_MESSAGE)
    .max(200, UNKNOWN_MODEL_MESSAGE),
  /** Files uploaded with POST /api/playground/uploads, sent with this message. */
  attachments: z.array(z.string().min(1).max(100)).max(5, 'At most 5 files a message').optional(),
  /** A marketplace prompt this conversation tries (only with the first message of a session). */
  promptId: z.string().min(1).max(200).optional(),
  /** Values for a premium prompt's {{variables}}, which the server fills in (the browser never sees the text). */
  variables: z.record(z.string().max(100), z.string().max(2000)).optional(),
  /** A new session's settings (only with the first message; later: PATCH the session). */
  settings: SessionSettingsSchema.optional(),
  /** Edit and resend: the user message this one replaces; the conversation branches there. */
  editOf: z.string().min(1).max(100).optional(),
  /**
   * With the first message of a premium try: the same model also answers the same message without
   * the prompt, shown side by side (issue 56). It is part of the same try.
   */
  baseline: z.boolean({ error: 'baseline must be true or false' }).optional(),
});
export type ChatRequest = z.input<typeof ChatRequestSchema>;

export const BASELINE_ONLY_FOR_TRIES =
  'A baseline answer is given with the first message of a premium prompt you are trying';

export const MAX_COMPARE_COLUMNS = 3;

/** POST /playground/compare: one message to two or three models at once, each in its own session. */
export const CompareRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MAX_MESSAGE_CHARS, `Messages must be at most ${MAX_MESSAGE_CHARS} characters`),
  columns: z
    .array(
      z.object({
        model: z.string().trim().min(1, 'Model is required').max(200),
        /** The column's session, to go on with a compare; a new session when absent. */
        sessionId: z.string().min(1).max(100).optional(),
      }),
    )
    .min(2, 'Choose two or three models to compare')
    .max(MAX_COMPARE_COLUMNS, 'Choose two or three models to compare')
    .refine((columns) => new Set(columns.map((c) => c.model)).size === columns.length, {
      message: 'Choose different models to compare',
    }),
  /** The new sessions' settings. */
  settings: SessionSettingsSchema.optional(),
  /**
   * A marketplace prompt every new column tries (as ChatRequest's `promptId`): each column is a
   * session of its own, so a premium prompt's column takes one of its tries.
   */
  promptId: ChatRequestSchema.shape.promptId,
  /** Values for a premium prompt's {{variables}}, filled in by the server for every new column. */
  variables: ChatRequestSchema.shape.variables,
});
export type CompareRequest = z.input<typeof CompareRequestSchema>;

/** The first event of a compare stream: each column's session, or why it did not start. */
export const CompareStartSchema = z.object({
  compareId: z.string(),
  columns: z.array(
    z.object({
      model: z.string(),
      sessionId: z.string().nullable(),
      live: z.boolean(),
      /** Refused before the model was asked (e.g. the monthly allowance ran out at this column). */
      error: z.object({ message: z.string(), code: z.string(), status: z.number() }).nullable(),
    }),
  ),
});
export type CompareStart = z.infer<typeof CompareStartSchema>;

/** A source a model cited (Perplexity's search results), numbered in order under the answer. */
export const SourceSchema = z.object({ url: z.string(), title: z.string().nullable() });
export type Source = z.infer<typeof SourceSchema>;

/** Tokens of a reply and what it cost (millionths of the currency); estimated for the offline demo model. */
export const ReplyUsageSchema = z.object({
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  estimated: z.boolean(),
  costMicros: z.number().int().nullable(),
});
export type ReplyUsage = z.infer<typeof ReplyUsageSchema>;

export const ChatReplySchema = z.object({
  response: z.string(),
  sessionId: z.string(),
  messageId: z.string(),
  /** The choice or model key the chat asked for. */
  model: z.string(),
  live: z.boolean(),
  sources: z.array(SourceSchema),
  /** The model's reasoning, where it returns it. */
  reasoning: z.string().nullable(),
  usage: ReplyUsageSchema,
  /** The user message the reply answers (null for a continued reply's own id). */
  userMessageId: z.string().nullable().optional(),
  /** Why the model stopped: 'length' when the reply limit cut it (Continue goes on). */
  finishReason: z.string().nullable().optional(),
  /** The same model's answer to the same message without the prompt, when asked for (`baseline`). */
  baseline: z
    .object({
      /** Null when the model did not answer. */
      response: z.string().nullable(),
      latencyMs: z.number().int(),
      inputTokens: z.number().int().nullable(),
      outputTokens: z.number().int().nullable(),
      costMicros: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

export const MESSAGE_STATUSES = ['complete', 'incomplete', 'error'] as const;

/** The spec's Playground message, plus its status and model. */
export const PlaygroundMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  model: z.string().nullable(),
  sources: z.array(SourceSchema).optional(),
  reasoning: z.string().nullable().optional(),
  usage: ReplyUsageSchema.nullable().optional(),
  /** The message this one follows (null: the first). */
  parentId: z.string().nullable().optional(),
  /** The ids of this message and its alternatives (regenerated replies, edits), oldest first. */
  alternatives: z.array(z.string()).optional(),
  finishReason: z.string().nullable().optional(),
  /** Files sent with a user message (served to their owner only). */
  attachments: z
    .array(z.object({ id: z.string(), name: z.string(), mediaType: z.string(), size: z.number().int() }))
    .optional(),
});
export type PlaygroundMessage = z.infer<typeof PlaygroundMessageSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The choice or model key of the conversation's last message. */
  model: z.string(),
  messageCount: z.number().int(),
  pinned: z.boolean(),
  /** The compare this session is a column of. */
  compareId: z.string().nullable(),
  prompt: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) });
/** What a whole session's replies used, every branch and alternative included (each was paid for). */
export const SessionUsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costMicros: z.number().int(),
  /** Some of the counts are the offline demo model's estimates. */
  estimated: z.boolean(),
});
export type SessionUsage = z.infer<typeof SessionUsageSchema>;

export const SessionDetailSchema = z.object({
  session: SessionSummarySchema.extend({
    settings: z.object({
      systemPrompt: z.string().nullable(),
      temperature: z.number().nullable(),
      maxTokens: z.number().int().nullable(),
    }),
    usage: SessionUsageSchema.optional(),
  }),
  messages: z.array(PlaygroundMessageSchema),
});
export type SessionDetail = z.infer<typeof SessionDetailSchema>;

export const SessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ModelInfoSchema = z.object({
  /** What a chat sends as `model`: one of the spec's choices, or a configured model's key. */
  id: z.string(),
  /** The configured model that answers: `<provider>/<model id>`. */
  key: z.string(),
  name: z.string(),
  provider: z.string(),
  modelId: z.string(),
  /** False: the offline demo model answers for this choice. */
  live: z.boolean(),
  capabilities: z.object({ images: z.boolean(), pdf: z.boolean() }),
  /** False while its provider is not answering (decision 054): turns to it are refused until it is back. */
  available: z.boolean(),
  /** The plan's default model. */
  default: z.boolean(),
});
export const ModelListSchema = z.object({ models: z.array(ModelInfoSchema) });
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const UploadQuerySchema = z.object({ name: z.string().max(500).optional() });
export const UploadSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const UsageSchema = z.object({
  current: z.number().int(),
  limit: z.number().int(),
  unlimited: z.boolean(),
  plan: z.string(),
  /** When the monthly allowance starts again (the 1st of next month, UTC). */
  resetsAt: z.string(),
  /** The team pool the user draws on once their own sessions are used up (decision 064), or null. */
  team: z
    .object({ teamId: z.string(), name: z.string(), used: z.number().int(), limit: z.number().int() })
    .nullable(),
  /** What a new chat counts against now: the user's plan, their team's pool, or nothing left. */
  countsAgainst: z.enum(['plan', 'team', 'none']),
});
export type Usage = z.infer<typeof UsageSchema>;

/** GET /api/playground/team-pool: the caller's team's pool this month (decision 064). */
export const TeamPoolSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  used: z.number().int(),
  limit: z.number().int(),
  resetsAt: z.string(),
  /** Sessions each user drew this month: for the team's owners and admins only, null for members. */
  members: z.array(z.object({ userId: z.string(), sessions: z.number().int() })).nullable(),
});
export type TeamPool = z.infer<typeof TeamPoolSchema>;

/** What the playground needs to try a marketplace prompt. */
export const PromptTrySchema = z.object({
  promptId: z.string(),
  title: z.string(),
  type: z.enum(['free', 'premium']),
  /** The {{variables}} the prompt expects, in order of appearance. */
  variables: z.array(z.string()),
  /** The text, only when the caller may see it. */
  content: z.string().nullable(),
  /** Tries left for a premium prompt the caller has not bought; null when unlimited. */
  triesLeft: z.number().int().nullable(),
  /** How many tries a non-buyer gets (the server's setting); null when unlimited. */
  triesTotal: z.number().int().nullable(),
  price: z.number(),
});
export type PromptTry = z.infer<typeof PromptTrySchema>;

/** The variables a prompt asks for ({{topic}} or [topic]); the rules are in prompt-variables.ts. */
export {
  promptVariableNames as promptVariables,
  fillPromptVariables as fillVariables,
} from './prompt-variables';

/** POST /playground/compare's JSON answer: each column's session and reply, or why it has none. */
export const CompareResultSchema = z.object({
  compareId: z.string(),
  columns: z.array(CompareStartSchema.shape.columns.element.extend({ reply: ChatReplySchema.nullable() })),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;
