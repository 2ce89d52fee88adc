import { z } from 'zod';
import { CATEGORIES, PAGING, PROMPT_TYPES, SORTS } from './constants';
import { PromptExampleSchema, TestBoardSchema, TestedSchema } from './prompt-tests';
import { LicenceInfoSchema } from './licences';
import { limitParam, pageParam } from './paging';

/** Query of GET /api/marketplace/prompts. A limit above the maximum is a VALIDATION_ERROR, not a silent cap. */
export const MarketplaceQuerySchema = z.object({
  search: z.string().max(10_000, 'Search must be at most 10000 characters').optional(),
  category: z.enum(CATEGORIES, { message: 'Please select a valid category' }).optional(),
  type: z.enum(PROMPT_TYPES, { message: 'Type must be free or premium' }).optional(),
  /** Absent: relevance while searching, otherwise latest. */
  sort: z.enum(SORTS, { message: 'Unknown sort' }).optional(),
  /**
   * Only prompts whose latest version passes every test case on this model, named as the tested-on
   * badge names it (Claude, ChatGPT, Perplexity; decision 069).
   */
  passes: z
    .string()
    .trim()
    .min(1, 'Name a model')
    .max(60, 'A model name is at most 60 characters')
    .optional(),
  page: pageParam(),
  limit: limitParam(PAGING.maxLimit, PAGING.marketplace),
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
  /** The tested-on badge: the models its latest version passes its tests on; null: "Not yet tested". */
  tested: TestedSchema.nullable(),
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

/** What a search made of the words typed: the words cards highlight, and a correction of typos. */
export const SearchInfoSchema = z.object({
  /** Words as typed or corrected (lower-case, accents folded); a card's word matches one by its stem. */
  highlight: z.array(z.string()),
  /** The query with its typos corrected ("Did you mean ..."), when one was. */
  suggestion: z.string().nullable(),
});

export const MarketplaceListSchema = z.object({
  prompts: z.array(MarketplacePromptSchema),
  pagination: PaginationSchema,
  /** Present when the list was searched. */
  search: SearchInfoSchema.optional(),
});

export const SearchCountsQuerySchema = z.object({
  search: z.string().max(10_000, 'Search must be at most 10000 characters'),
  category: z.enum(CATEGORIES, { message: 'Please select a valid category' }).optional(),
  type: z.enum(PROMPT_TYPES, { message: 'Type must be free or premium' }).optional(),
});

/** How many published prompts a search matches per category (under the chosen type) and per type (under the chosen category). */
export const SearchCountsSchema = z.object({
  categories: z.record(z.enum(CATEGORIES), z.number().int()),
  types: z.record(z.enum(PROMPT_TYPES), z.number().int()),
});
export type SearchCounts = z.infer<typeof SearchCountsSchema>;
export type MarketplaceList = z.infer<typeof MarketplaceListSchema>;

export const PromptParamsSchema = z.object({
  id: z.string().trim().min(1, 'Prompt id is required').max(200, 'Prompt id is too long'),
});

/** A prompt's page. `content` only for callers who may see it; otherwise `preview` (a short teaser). */
export const PromptDetailSchema = MarketplacePromptSchema.extend({
  content: z.string().nullable(),
  preview: z.string().nullable(),
  /** What this caller may do with it. */
  access: z.object({
    canViewContent: z.boolean(),
    reason: z.enum(['free', 'author', 'admin', 'team', 'purchased', 'locked']),
    liked: z.boolean(),
    downloaded: z.boolean(),
    canReview: z.boolean(),
    myReview: z
      .object({
        rating: z.number().int(),
        body: z.string(),
        /** The reply kept as the review's snapshot (its id, even once the conversation is gone). */
        snapshot: z.object({ messageId: z.string(), model: z.string(), at: z.string() }).nullable(),
      })
      .nullable(),
    /** Whether this caller may remix it, and whether the remix stays for their own use (decision 058). */
    remix: z.object({ allowed: z.boolean(), private: z.boolean() }),
    /**
     * A premium prompt seen by a member of a team (decision 063): whether the team owns it, and
     * whether this caller (its owner or an admin) may buy it for the team. Null otherwise.
     */
    team: z.object({ name: z.string(), owned: z.boolean(), canBuy: z.boolean() }).nullable(),
  }),
  licence: LicenceInfoSchema,
  /** How many prompts were remixed from it. */
  remixes: z.number().int(),
  /** The prompt it was remixed from (the credit); `published` false when that one is off the marketplace. */
  basedOn: z
    .object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      author: z.string(),
      published: z.boolean(),
    })
    .nullable(),
  author: PromptAuthorSchema.extend({ bio: z.string().nullable(), promptCount: z.number().int() }),
  ratingBreakdown: z.array(z.number().int()).length(5),
  /** The tested-on board (issue 56): numbers per model, never a run's text; null before any test. */
  tests: TestBoardSchema.nullable(),
  /** Verified examples (decision 069): runs the creator picked, copied from stored runs. */
  examples: z.array(PromptExampleSchema),
  updatedAt: z.string(),
});
export type PromptDetail = z.infer<typeof PromptDetailSchema>;

export const LikeBodySchema = z
  .object({ liked: z.boolean({ error: 'liked must be true or false' }).optional() })
  .optional()
  .nullable();
export const LikeResultSchema = z.object({ liked: z.boolean(), likes: z.number().int() });

export const DownloadResultSchema = z.object({
  title: z.string(),
  content: z.string(),
  downloads: z.number().int(),
});

/** The most of a reply a review keeps as its snapshot (issue 56, decision 068). */
export const SNAPSHOT_MAX_CHARS = 4000;

export const ReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
  /** The model and prompt version of the reviewer's latest try; null for a buyer who never tried it. */
  usedWith: z.object({ model: z.string(), version: z.number().int().nullable() }).nullable(),
  /** One of the reviewer's own replies, copied when attached: output only. */
  snapshot: z.object({ model: z.string(), at: z.string(), output: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGING.maxLimit, PAGING.reviews),
});

export const RatingSummarySchema = z.object({ average: z.number(), count: z.number().int() });

export const ReviewListSchema = z.object({
  reviews: z.array(ReviewSchema),
  rating: RatingSummarySchema,
  pagination: PaginationSchema,
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const CreateReviewSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  body: z.string().trim().max(2000, 'Reviews must be at most 2000 characters').optional().default(''),
  /**
   * One of the reviewer's own replies to attach as a snapshot (from the review runs list); null
   * takes the snapshot off, and leaving it out keeps the one attached.
   */
  snapshotMessageId: z
    .string()
    .trim()
    .min(1, 'Choose a run to attach')
    .max(100, 'Choose a run to attach')
    .nullable()
    .optional(),
});
export type CreateReviewInput = z.input<typeof CreateReviewSchema>;

/** A reviewer's own completed replies in tries of the prompt: what they may attach to a review. */
export const ReviewRunsSchema = z.object({
  runs: z.array(z.object({ id: z.string(), model: z.string(), createdAt: z.string(), excerpt: z.string() })),
});
export type ReviewRuns = z.infer<typeof ReviewRunsSchema>;

export const ReviewResultSchema = z.object({
  review: ReviewSchema,
  rating: RatingSummarySchema,
  created: z.boolean(),
});

export const CategoryCountSchema = z.object({
  id: z.enum(CATEGORIES),
  name: z.string(),
  count: z.number().int(),
});
export const CategoriesSchema = z.object({ categories: z.array(CategoryCountSchema) });
