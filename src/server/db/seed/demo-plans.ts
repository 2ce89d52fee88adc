/** The three plans of product-decisions.md section 3, with the features spec section 2 shows. */

export interface PlanSeed {
  slug: string;
  name: string;
  description: string;
  priceMonthlyMinor: number;
  features: string[];
  limitations: string[];
  /** null: unlimited playground sessions a month. */
  sessionLimit: number | null;
  maxUsers: number;
  maxProjects: number;
  maxStorageGb: number;
  sortOrder: number;
  icon: 'star' | 'crown' | 'other';
  isPopular: boolean;
}

/** Yearly billing is twelve months at 20% off (decisions section 3), rounded to the cent. */
export const YEARLY_DISCOUNT = 0.2;
export const yearlyPriceMinor = (monthlyMinor: number): number =>
  Math.round(monthlyMinor * 12 * (1 - YEARLY_DISCOUNT));

export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    slug: 'free',
    name: 'Free',
    description: 'Everything you need to start exploring and sharing prompts.',
    priceMonthlyMinor: 0,
    features: [
      'Access to 100+ free prompts',
      '10 playground sessions a month',
      'Publish and share your own prompts',
      'Community support',
    ],
    limitations: ['No premium prompts included', 'Single user'],
    sessionLimit: 10,
    maxUsers: 1,
    maxProjects: 10,
    maxStorageGb: 5,
    sortOrder: 1,
    icon: 'star',
    isPopular: false,
  },
  {
    slug: 'premium',
    name: 'Premium',
    description: 'For creators and professionals who work with AI every day.',
    priceMonthlyMinor: 1900,
    features: [
      'Access to all 1000+ prompts',
      'Unlimited playground sessions',
      'Claude, ChatGPT and Perplexity models',
      'Creator analytics and revenue reports',
      'Team of up to 3 members',
      'Priority email support',
    ],
    limitations: [],
    sessionLimit: null,
    maxUsers: 3,
    maxProjects: 100,
    maxStorageGb: 50,
    sortOrder: 2,
    icon: 'crown',
    isPopular: true,
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'For teams that build their work on shared prompts.',
    priceMonthlyMinor: 9900,
    features: [
      'Everything in Premium',
      'Unlimited team members',
      'API access',
      'Shared team prompt library',
      'Admin controls and usage reports',
      'Dedicated account manager',
    ],
    limitations: [],
    sessionLimit: null,
    // The column cannot be null; the features list is what tells customers "unlimited".
    maxUsers: 1000,
    maxProjects: 1000,
    maxStorageGb: 500,
    sortOrder: 3,
    // Business is the spec's "enterprise" tier, which carries the crown badge like Premium.
    icon: 'crown',
    isPopular: false,
  },
];
