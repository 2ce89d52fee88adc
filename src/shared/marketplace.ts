import { z } from 'zod';
import { CATEGORIES, PAGING, PROMPT_TYPES, SORTS } from './constants';

/** Query of GET /api/marketplace/prompts. A limit above the maximum is a VALIDATION_ERROR, not a silent cap. */
export const MarketplaceQuerySchema = z.object({
  search: z.string().max(10_000, 'Search must be at most 10000 characters').optional(),
  category: z.enum(CATEGORIES, { message: 'Please select a valid category' }).optional(),
  type: z.enum(PROMPT_TYPES, { message: 'Type must be free or premium' }).optional(),
  sort: z.enum(SORTS, { message: 'Unknown sort' }).optional().default('latest'),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGING.maxLimit, `Limit must be at most ${PAGING.maxLimit}`)
    .default(PAGING.marketplace),
});
export type MarketplaceQuery = z.input<typeof MarketplaceQuerySchema>;

export const PromptAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** The spec's Marketplace prompt (section 3), with money as integer minor units plus a display price. */
export const MarketplacePromptSchema = z.object({
  id: z.string(),
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  type: z.enum(PROMPT_TYPES),
  /** Price in major units (dollars), as the spec's cards show it. */
  price: z.number(),
  priceMinor: z.number().int(),
  currency: z.string(),
  likes: z.number().int(),
  views: z.number().int(),
  author: PromptAuthorSchema,
  analytics: z.object({
    rating: z.object({ average: z.number(), count: z.number().int() }),
    downloads: z.number().int(),
    views: z.number().int(),
  }),
  metadata: z.object({ featured: z.boolean(), trending: z.boolean() }),
  createdAt: z.string(),
});
export type MarketplacePrompt = z.infer<typeof MarketplacePromptSchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const MarketplaceListSchema = z.object({
  prompts: z.array(MarketplacePromptSchema),
  pagination: PaginationSchema,
});
export type MarketplaceList = z.infer<typeof MarketplaceListSchema>;
