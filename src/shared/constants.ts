/** Business constants of spec section 9 and product-decisions.md. */

export const CATEGORIES = [
  'writing',
  'development',
  'marketing',
  'education',
  'business',
  'analytics',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  writing: 'Writing',
  development: 'Development',
  marketing: 'Marketing',
  education: 'Education',
  business: 'Business',
  analytics: 'Analytics',
};

export const PROMPT_TYPES = ['free', 'premium'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

export const PROMPT_STATUSES = ['draft', 'published', 'archived', 'rejected'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** The spec's sorts, the two price sorts, and relevance (the default while searching). */
export const SORTS = [
  'relevance',
  'latest',
  'popular',
  'rating',
  'downloads',
  'featured',
  'trending',
  'price_low',
  'price_high',
] as const;
export type Sort = (typeof SORTS)[number];

export const MODELS = ['claude', 'chatgpt', 'perplexity'] as const;
export type Model = (typeof MODELS)[number];
/** The spec's model choices as people call them. */
export const MODEL_NAMES = {
  claude: 'Claude',
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
} as const satisfies Record<Model, string>;
/** The models prompt tests run on, as the tested-on badge names them: the "Passes on" filter offers these. */
export const TEST_MODEL_NAMES = Object.values(MODEL_NAMES);

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'suspended', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PAGING = {
  home: 6,
  marketplace: 50,
  /** The marketplace's cards drawn with the page (more than a screenful at every width); the rest of the 50 just after. */
  marketplaceFirstScreen: 12,
  maxLimit: 50,
  userPrompts: 10,
  /** A prompt's reviews a page ('Show more' loads the next); the first page comes with the prompt's page. */
  reviews: 10,
  adminPrompts: 50,
  adminActivity: 10,
} as const;

export const LIMITS = {
  freeSessionsPerMonth: 10,
  adminSessionLimit: 999999,
  passwordMin: 6,
  adminPasswordMin: 8,
  nameMin: 2,
  promptContentMin: 10,
} as const;

export const TIMINGS = {
  typingStepMs: 100,
  contactSendingMs: 2000,
  contactCloseMs: 3000,
  resetRedirectMs: 2000,
  tokenCheckMs: 5 * 60 * 1000,
} as const;

export const SESSION_TIMEOUT_HOURS = [1, 4, 8, 24, 168] as const;

export const DEFAULT_CURRENCY = 'USD';
