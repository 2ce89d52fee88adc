import { z } from 'zod';
import { CATEGORIES, PROMPT_STATUSES } from './constants';
import { PaginationSchema } from './marketplace';
import { PRICE_MESSAGES, promptPriceProblem, toMinorExact } from './pricing';
import { LICENCE_MESSAGES, LicenceInfoSchema, LicenceSchema, PAID_LICENCES } from './licences';
import { displayText, hasHiddenCharacters, notAllowedMessage } from './text';
import { VersionNoteSchema } from './versions';
import { limitParam, pageParam } from './paging';

/** The creator studio's contracts (spec sections 2, 3 and 5; issue 6's bounds). */

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

/** Tags come as comma-separated text (the spec's form) or a list; either way a clean list. */
const TagsSchema = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(50)], {
    error: 'Tags must be text or a list',
  })
  .transform((v) => [
    ...new Set(
      (typeof v === 'string' ? v.split(',') : v)
        .map((t) => t.normalize('NFC').trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(
        z
          .string()
          .refine((t) => !hasHiddenCharacters(t), notAllowedMessage('Tags'))
          .max(MAX_TAG_LENGTH, `Tags must be at most ${MAX_TAG_LENGTH} characters each`),
      )
      .max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`),
  );

const fields = {
  title: displayText('Title')
    .min(1, 'Title is required')
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  description: displayText('Description', { multiline: true })
    .min(1, 'Description is required')
    .min(10, 'Description must be at least 10 characters')
    .max(500, 'Description must be at most 500 characters'),
  content: z
    .string({ error: 'Content is required (minimum 10 characters)' })
    .trim()
    .min(1, 'Content is required (minimum 10 characters)')
    .min(10, 'Content must be at least 10 characters long')
    .max(20_000, 'Content must be at most 20000 characters'),
  category: z.enum(CATEGORIES, { error: 'Please select a valid category' }),
  tags: TagsSchema.optional().transform((v) => v ?? []),
  isPaid: z.boolean({ error: 'isPaid must be true or false' }).optional().default(false),
  /** In dollars, as the form shows it; ignored for free prompts. */
  price: z.coerce.number({ error: 'Price must be a number' }).finite('Price must be a number').optional(),
  /** Left out: Personal use on a new prompt (decision 058). */
  licence: LicenceSchema.optional(),
};

/**
 * The shared price rule on what the body says, so the form shows it at once; the server checks it
 * again on the prompt the edit produces (a body with a price and no isPaid is judged there).
 */
function priceOk(v: { isPaid?: unknown; price?: unknown }): boolean {
  if (v.isPaid !== true) return true;
  const priceMinor = typeof v.price === 'number' ? toMinorExact(v.price) : Number.NaN;
  return promptPriceProblem({ premium: true, priceMinor }) === null;
}

/** The price rule, checked even while other fields are still wrong, so the form shows it at once. */
const priceRuleOptions = {
  path: ['price'],
  message: PRICE_MESSAGES.prompt,
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The licence rule on what the body says (a paid prompt keeps its text to buyers); the server checks the row. */
const licenceOk = (v: { isPaid?: unknown; licence?: unknown }) =>
  v.isPaid !== true || v.licence === undefined || PAID_LICENCES.includes(v.licence as never);
const licenceRuleOptions = {
  path: ['licence'],
  message: LICENCE_MESSAGES.paid,
  when: priceRuleOptions.when,
};

/** The fields of a new prompt, for the studio and for each row of an import. */
export const NewPromptFieldsSchema = z
  .object(fields)
  .refine(priceOk, priceRuleOptions)
  .refine(licenceOk, licenceRuleOptions);

/** POST /api/user/prompts: publish at once, or keep as a draft. */
export const CreatePromptSchema = z
  .object({
    ...fields,
    status: z
      .enum(['draft', 'published'], { error: 'Status must be draft or published' })
      .optional()
      .default('published'),
    /** The first version's changelog note (optional). */
    note: VersionNoteSchema.optional(),
    /** Share with the author's team (issue 59): read by its members only, kept as a draft. */
    shareWithTeam: z.boolean({ error: 'shareWithTeam must be true or false' }).optional().default(false),
  })
  .refine(priceOk, priceRuleOptions)
  .refine(licenceOk, licenceRuleOptions);
export type CreatePromptInput = z.input<typeof CreatePromptSchema>;

/** PUT /api/user/prompts/:id: any of the fields. */
export const UpdatePromptSchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description.optional(),
    content: fields.content.optional(),
    category: fields.category.optional(),
    /* Left out, the tags stay as they are. */
    tags: TagsSchema.optional(),
    isPaid: z.boolean({ error: 'isPaid must be true or false' }).optional(),
    price: fields.price,
    /** The changelog note of the version this edit makes. */
    note: VersionNoteSchema.optional(),
    licence: fields.licence,
  })
  .refine(priceOk, priceRuleOptions)
  .refine(licenceOk, licenceRuleOptions);
export type UpdatePromptInput = z.input<typeof UpdatePromptSchema>;

export const CreatorPromptsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(50, 10),
  status: z.enum(PROMPT_STATUSES, { error: 'Unknown status' }).optional(),
});

export const PromptIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** POST /api/user/remixes: the prompt (id or slug) to remix into a new draft. */
export const RemixBodySchema = z.object({
  promptId: z.string({ error: 'promptId is required' }).trim().min(1, 'promptId is required').max(200),
});

/** The spec's Creator prompt, with the figures and moderation details a creator needs. */
export const CreatorPromptSchema = z.object({
  id: z.string(),
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  isPaid: z.boolean(),
  /** Dollars. */
  price: z.number(),
  status: z.enum(PROMPT_STATUSES),
  /** 'Published' or 'Draft' as the spec labels them; 'Archived' and 'Rejected' for moderated ones. */
  statusLabel: z.string(),
  /** Why an admin rejected or archived it. */
  moderationNote: z.string().nullable(),
  licence: LicenceInfoSchema,
  /** The prompt it was remixed from (null when none, or deleted since). */
  remixOf: z.object({ id: z.string(), slug: z.string(), title: z.string() }).nullable(),
  /** A remix its source's licence keeps to the creator's own use: it cannot be published. */
  remixPrivate: z.boolean(),
  /** A listing by someone else whose text this one nearly matches (found on import or publish). */
  nearDuplicate: z
    .object({ id: z.string(), slug: z.string(), title: z.string(), similarity: z.number() })
    .nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  downloads: z.number().int(),
  tries: z.number().int(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  /** The creator's share of its sales, in dollars. */
  revenue: z.number(),
  buyers: z.number().int(),
  versions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type CreatorPrompt = z.infer<typeof CreatorPromptSchema>;

export const CreatorPromptListSchema = z.object({
  prompts: z.array(CreatorPromptSchema),
  pagination: PaginationSchema,
});
export const CreatorPromptResultSchema = z.object({ prompt: CreatorPromptSchema });
export const DeleteResultSchema = z.object({ deleted: z.boolean(), archived: z.boolean() });

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const AnalyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: 'Period must be 7d, 30d, 90d or 1y' }).default('30d'),
});

const Figures = {
  views: z.number().int(),
  likes: z.number().int(),
  downloads: z.number().int(),
  tries: z.number().int(),
  purchases: z.number().int(),
  /** Dollars: the creator's share. */
  revenue: z.number(),
};

export const AnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.string(),
  to: z.string(),
  totals: z.object(Figures),
  /** The spec's Creator analytics fields. */
  totalViews: z.number().int(),
  totalLikes: z.number().int(),
  totalRevenue: z.number(),
  /** Views against the period before, in percent (one decimal); null when there was nothing before. */
  growthRate: z.number().nullable(),
  publishedPrompts: z.number().int(),
  series: z.array(z.object({ date: z.string(), ...Figures })),
  prompts: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.enum(PROMPT_STATUSES), ...Figures }),
  ),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const DashboardSchema = z.object({
  plan: z.string(),
  sessions: z.object({ current: z.number().int(), limit: z.number().int(), unlimited: z.boolean() }),
  overview: z.object({
    totalViews: z.number().int(),
    viewsGrowth: z.number().nullable(),
    totalLikes: z.number().int(),
    revenue: z.number(),
    publishedPrompts: z.number().int(),
  }),
  /** Prompts the user tried in the playground, latest first. */
  recentActivity: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      usedAt: z.string(),
      views: z.number().int(),
      likes: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
