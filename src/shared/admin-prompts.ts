import { z } from 'zod';
import { LicenceSchema } from './licences';
import { CATEGORIES, PAGING, PROMPT_STATUSES, PROMPT_TYPES } from './constants';
import { PaginationSchema, SearchInfoSchema } from './marketplace';
import { PRICE_MESSAGES, promptPriceProblem, toMinorExact } from './pricing';
import { displayText, hasHiddenCharacters, notAllowedMessage } from './text';
import { limitParam, pageParam } from './paging';

/*
 * Admin marketplace management (spec sections 2, 3 Admin prompt form, 4 Prompt status, 5 admin prompt
 * form, 7 Admin calls, 8 admin toasts; issue 8). Admins see every status, the author's e-mail and the
 * revenue; they create prompts as themselves and moderate anyone's.
 */

export const ADMIN_PROMPT_MESSAGES = {
  created: 'Prompt created successfully',
  updated: 'Prompt updated successfully!',
  deleted: 'Prompt deleted successfully!',
  archivedInstead: 'This prompt has buyers, so it was archived instead of deleted: they keep access to it.',
  saveFailed: 'Failed to save prompt',
  deleteFailed: 'Failed to delete prompt',
  featuredFailed: 'Failed to update featured status',
  trendingFailed: 'Failed to update trending status',
  statusUpdated: 'Prompt status updated',
  notFound: 'The requested prompt could not be found.',
  validationTitle: 'Validation Error',
} as const;

export const PROMPT_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  contentRequired: 'Content is required (minimum 10 characters)',
  contentMin: 'Content must be at least 10 characters long',
  category: 'Please select a valid category',
  price: PRICE_MESSAGES.prompt,
} as const;

/** The admin panel's category filter omits analytics (spec section 9); the form offers all of them. */
export const ADMIN_FILTER_CATEGORIES = CATEGORIES.filter((c) => c !== 'analytics');

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const TagsSchema = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(50)], {
    error: 'Tags must be text or a list',
  })
  .transform((v) => [
    ...new Set(
      (typeof v === 'string' ? v.split(',') : v)
        .map((t) => t.normalize('NFC').trim().toLowerCase())
        .filter(Boolean)
        .map((t) => t.slice(0, 30)),
    ),
  ])
  .pipe(
    z
      .array(z.string().refine((t) => !hasHiddenCharacters(t), notAllowedMessage('Tags')))
      .max(10, 'Use at most 10 tags'),
  );

const formFields = {
  title: displayText('Title', { required: PROMPT_FORM_MESSAGES.titleRequired })
    .min(1, PROMPT_FORM_MESSAGES.titleRequired)
    .max(120, 'Title must be at most 120 characters'),
  description: displayText('Description', {
    required: PROMPT_FORM_MESSAGES.descriptionRequired,
    multiline: true,
  })
    .min(1, PROMPT_FORM_MESSAGES.descriptionRequired)
    .max(500, 'Description must be at most 500 characters'),
  content: z
    .string({ error: PROMPT_FORM_MESSAGES.contentRequired })
    .trim()
    .min(1, PROMPT_FORM_MESSAGES.contentRequired)
    .min(10, PROMPT_FORM_MESSAGES.contentMin)
    .max(20_000, 'Content must be at most 20000 characters'),
  // Lowercased before the check: 'Writing' is writing.
  category: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(CATEGORIES, { error: PROMPT_FORM_MESSAGES.category }),
  ),
  type: z.enum(PROMPT_TYPES, { error: 'Type must be free or premium' }).optional(),
  isPaid: z.boolean({ error: 'isPaid must be true or false' }).optional(),
  /** Dollars, as the form shows it; ignored for free prompts. */
  price: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Price must be a number' })
      .finite('Price must be a number')
      .min(0, 'Price must be 0 or more')
      .optional(),
  ),
  tags: TagsSchema.optional(),
  status: z
    .enum(PROMPT_STATUSES, { error: 'Status must be draft, published, archived or rejected' })
    .optional(),
  featured: z.boolean({ error: 'Featured must be true or false' }).optional(),
  trending: z.boolean({ error: 'Trending must be true or false' }).optional(),
};

/** Premium when `type` says so, else when `isPaid` does (the spec's POST sends isPaid). */
export function isPremium(v: { type?: string; isPaid?: boolean }): boolean {
  return v.type !== undefined ? v.type === 'premium' : v.isPaid === true;
}

function premiumPriceOk(v: { type?: string; isPaid?: boolean; price?: number }): boolean {
  if (!isPremium(v)) return true;
  return promptPriceProblem({ premium: true, priceMinor: toMinorExact(v.price ?? Number.NaN) }) === null;
}

/** POST /api/admin/prompts: the spec's admin prompt form. A missing status falls back to published. */
export const AdminPromptFormSchema = z
  .object(formFields)
  .refine(premiumPriceOk, { path: ['price'], message: PROMPT_FORM_MESSAGES.price });
export type AdminPromptFormInput = z.input<typeof AdminPromptFormSchema>;
export type AdminPromptForm = z.output<typeof AdminPromptFormSchema>;

/** The keys of the spec's edit: status, featured and trending only. */
export const QUICK_EDIT_KEYS = ['status', 'featured', 'trending'] as const;
const FORM_ONLY_KEYS = [
  'title',
  'description',
  'content',
  'category',
  'type',
  'isPaid',
  'price',
  'tags',
] as const;

/**
 * PUT /api/admin/prompts/:id: either the spec's edit ({status, featured, trending}, any of them) or the
 * whole form (our extension), which must then be complete.
 */
export const AdminPromptUpdateSchema = z
  .object({
    ...formFields,
    title: formFields.title.optional(),
    description: formFields.description.optional(),
    content: formFields.content.optional(),
    category: formFields.category.optional(),
  })
  .superRefine((v, ctx) => {
    const full = FORM_ONLY_KEYS.some((k) => v[k] !== undefined);
    if (!full) {
      if (QUICK_EDIT_KEYS.every((k) => v[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['status'], message: 'Nothing to update' });
      }
      return;
    }
    const required: [keyof typeof v, string][] = [
      ['title', PROMPT_FORM_MESSAGES.titleRequired],
      ['description', PROMPT_FORM_MESSAGES.descriptionRequired],
      ['content', PROMPT_FORM_MESSAGES.contentRequired],
      ['category', PROMPT_FORM_MESSAGES.category],
    ];
    for (const [key, message] of required) {
      if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
    }
    if (!premiumPriceOk(v))
      ctx.addIssue({ code: 'custom', path: ['price'], message: PROMPT_FORM_MESSAGES.price });
  });
export type AdminPromptUpdateInput = z.input<typeof AdminPromptUpdateSchema>;
export type AdminPromptUpdate = z.output<typeof AdminPromptUpdateSchema>;

/** PUT /api/admin/prompts/:id/status: the note is shown to the creator. */
export const AdminPromptStatusSchema = z.object({
  status: z.enum(PROMPT_STATUSES, { error: 'Status must be draft, published, archived or rejected' }),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
});
export type AdminPromptStatusInput = z.input<typeof AdminPromptStatusSchema>;

export const AdminPromptsQuerySchema = z.object({
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  ),
  status: z.preprocess(
    (v) => (v === 'all' || v === '' ? undefined : v === 'pending' ? 'draft' : v),
    z.enum(PROMPT_STATUSES, { error: 'Unknown status' }).optional(),
  ),
  category: z.preprocess(
    (v) => (v === 'all' || v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(CATEGORIES, { error: PROMPT_FORM_MESSAGES.category }).optional(),
  ),
  type: z.preprocess(
    (v) => (v === 'all' || v === '' ? undefined : v),
    z.enum(PROMPT_TYPES, { error: 'Type must be free or premium' }).optional(),
  ),
  page: pageParam(),
  limit: limitParam(100, PAGING.adminPrompts),
});
export type AdminPromptsQuery = z.input<typeof AdminPromptsQuerySchema>;

export const AdminPromptIdParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

/** The spec's Marketplace prompt as the admin view reads it: content, status, author e-mail, revenue. */
export const AdminPromptSchema = z.object({
  id: z.string(),
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  type: z.enum(PROMPT_TYPES),
  isPaid: z.boolean(),
  price: z.number(),
  priceMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(PROMPT_STATUSES),
  moderationNote: z.string().nullable(),
  licence: LicenceSchema,
  /** Flagged: a published listing by someone else whose text this one nearly matches (decision 058). */
  nearDuplicate: z
    .object({ id: z.string(), slug: z.string(), title: z.string(), similarity: z.number() })
    .nullable(),
  /** The prompt it was remixed from. */
  remixOf: z.string().nullable(),
  featured: z.boolean(),
  trending: z.boolean(),
  /** The admin's pin on trending; null while it follows activity. */
  trendingPinned: z.boolean().nullable(),
  metadata: z.object({ featured: z.boolean(), trending: z.boolean() }),
  likes: z.number().int(),
  views: z.number().int(),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  analytics: z.object({
    rating: z.object({ average: z.number(), count: z.number().int() }),
    downloads: z.number().int(),
    views: z.number().int(),
    likes: z.number().int(),
    tries: z.number().int(),
    buyers: z.number().int(),
    /** The creator's earnings from it (sales less refunds), major units. */
    revenue: z.number(),
    revenueMinor: z.number().int(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminPrompt = z.infer<typeof AdminPromptSchema>;

/** The stat cards: the whole catalogue, whatever the filters. 'pending' counts drafts (spec section 4). */
export const AdminPromptStatsSchema = z.object({
  total: z.number().int(),
  published: z.number().int(),
  pending: z.number().int(),
  archived: z.number().int(),
  rejected: z.number().int(),
  featured: z.number().int(),
  premium: z.number().int(),
});
export type AdminPromptStats = z.infer<typeof AdminPromptStatsSchema>;

export const AdminPromptListSchema = z.object({
  prompts: z.array(AdminPromptSchema),
  total: z.number().int(),
  pagination: PaginationSchema,
  stats: AdminPromptStatsSchema,
  /** Present when the list was searched: the words to highlight and a correction (as the marketplace's). */
  search: SearchInfoSchema.optional(),
});
export type AdminPromptList = z.infer<typeof AdminPromptListSchema>;

export const AdminPromptResultSchema = z.object({ prompt: AdminPromptSchema });
export const AdminPromptDeleteResultSchema = z.object({ deleted: z.boolean(), archived: z.boolean() });
