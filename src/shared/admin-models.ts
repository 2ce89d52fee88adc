import { z } from 'zod';

/*
 * Admin models (issue 52): every configured model with its provider, status and price; the models
 * each plan may use and its default; the cost of the playground by day, model and plan, and the top
 * users by cost. Prices are in the currency's major unit per million tokens; costs in major units.
 */

export const MODEL_STATUSES = ['reachable', 'key-missing', 'failing', 'unavailable', 'unknown'] as const;

export const AdminModelSchema = z.object({
  key: z.string(),
  name: z.string(),
  provider: z.string(),
  providerId: z.string(),
  modelId: z.string(),
  live: z.boolean(),
  status: z.enum(MODEL_STATUSES),
  /** From the configuration, or read from the server's /models. */
  source: z.enum(['config', 'listed']),
  capabilities: z.object({ images: z.boolean(), pdf: z.boolean() }),
  /** The spec's choices this model answers (claude, chatgpt, perplexity). */
  choices: z.array(z.string()),
  price: z.object({ input: z.number(), output: z.number(), custom: z.boolean() }),
  /** The plans that list it explicitly, and whether it is their default. */
  plans: z.array(z.object({ planId: z.string(), default: z.boolean() })),
});
export type AdminModel = z.infer<typeof AdminModelSchema>;
export const AdminModelListSchema = z.object({ models: z.array(AdminModelSchema) });

const price = z.coerce
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be at least 0')
  .max(10_000, 'Price must be at most 10000 a million tokens');

export const ModelPriceUpdateSchema = z.object({
  key: z.string().min(3).max(300),
  input: price,
  output: price,
});

export const PlanModelsParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const PlanModelsUpdateSchema = z
  .object({
    /** Empty: the plan may use every configured model. */
    models: z.array(z.string().min(3).max(300)).max(200),
    default: z.string().min(3).max(300).nullable(),
  })
  .refine((v) => v.default === null || v.models.length === 0 || v.models.includes(v.default), {
    message: 'The default model must be one of the plan’s models',
    path: ['default'],
  });
export const PlanModelsSchema = z.object({
  planId: z.string(),
  models: z.array(z.string()),
  default: z.string().nullable(),
});

export const CostQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});
const costRow = {
  cost: z.number(),
  replies: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
};
export const CostReportSchema = z.object({
  currency: z.string(),
  from: z.string(),
  total: z.object(costRow),
  byDay: z.array(z.object({ day: z.string(), ...costRow })),
  byModel: z.array(z.object({ model: z.string(), ...costRow })),
  byPlan: z.array(z.object({ planId: z.string().nullable(), plan: z.string(), ...costRow })),
  topUsers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), ...costRow })),
  /** Prompt test runs in the period (issue 56): paid from creators' monthly test budgets. */
  testRuns: z.object({ cost: z.number(), runs: z.number().int() }),
});
export type CostReport = z.infer<typeof CostReportSchema>;
