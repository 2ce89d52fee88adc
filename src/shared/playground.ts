import { z } from 'zod';
import { MODELS } from './constants';

/** Playground contracts (spec sections 3 and 7, product-decisions.md). */

export const LIMIT_REACHED_MESSAGE =
  'You have reached your playground session limit. Please upgrade your plan to continue.';
export const AI_FAILURE_MESSAGE = 'Failed to get AI response';
export const EMPTY_REPLY_MESSAGE = "I received your message but couldn't generate a response.";

/** The server enforces its configured length cap too; this is the default. */
export const MAX_MESSAGE_CHARS = 8000;

export const ChatRequestSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MAX_MESSAGE_CHARS, `Messages must be at most ${MAX_MESSAGE_CHARS} characters`),
  sessionId: z.string().min(1).max(100).optional(),
  model: z.enum(MODELS, { error: 'Model must be claude, chatgpt or perplexity' }),
  /** A marketplace prompt this conversation tries (only with the first message of a session). */
  promptId: z.string().min(1).max(200).optional(),
  /** Values for a premium prompt's {{variables}}, which the server fills in (the browser never sees the text). */
  variables: z.record(z.string().max(100), z.string().max(2000)).optional(),
});
export type ChatRequest = z.input<typeof ChatRequestSchema>;

export const ChatReplySchema = z.object({
  response: z.string(),
  sessionId: z.string(),
  messageId: z.string(),
  model: z.enum(MODELS),
  live: z.boolean(),
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
});
export type PlaygroundMessage = z.infer<typeof PlaygroundMessageSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  model: z.enum(MODELS),
  messageCount: z.number().int(),
  prompt: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) });
export const SessionDetailSchema = z.object({
  session: SessionSummarySchema,
  messages: z.array(PlaygroundMessageSchema),
});
export type SessionDetail = z.infer<typeof SessionDetailSchema>;

export const SessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ModelInfoSchema = z.object({
  id: z.enum(MODELS),
  name: z.string(),
  provider: z.string(),
  modelId: z.string(),
  /** False: the offline demo model answers for this choice. */
  live: z.boolean(),
});
export const ModelListSchema = z.object({ models: z.array(ModelInfoSchema) });
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const UsageSchema = z.object({
  current: z.number().int(),
  limit: z.number().int(),
  unlimited: z.boolean(),
  plan: z.string(),
  /** When the monthly allowance starts again (the 1st of next month, UTC). */
  resetsAt: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

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
