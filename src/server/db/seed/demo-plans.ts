/*
 * The three plans of product-decisions.md section 3. Their features say only what the plan really
 * gives today (issue 51): the spec's "100+ free prompts", "all 1000+ prompts", team members, a
 * shared team library and an account manager do not exist (premium prompts are bought one by one on
 * every plan). What a plan limits is data, not feature text (issue 59, decision 052): sessions a
 * month, seats, API access, the test budget and a team's shared sessions are fields the server enforces and the cards write.
 */

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
  /** The plan's users may make API keys (Business: the spec's "API access"). */
  apiAccess: boolean;
  /** Monthly budget for platform test runs, minor units. */
  testBudgetMinor: number;
  /** Playground sessions a month a team on the plan shares (decision 064). */
  teamSessions: number;
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

/** Bought one by one on every plan: no plan includes them. */
const PREMIUM_PROMPTS_SEPARATE = 'Premium prompts are bought separately';

export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    slug: 'free',
    name: 'Free',
    description: 'Everything you need to start exploring and sharing prompts.',
    priceMonthlyMinor: 0,
    features: [
      'Every free prompt in the marketplace',
      'Try premium prompts before you buy them',
      'Publish and sell your own prompts',
      'Creator analytics and revenue reports',
    ],
    limitations: [PREMIUM_PROMPTS_SEPARATE],
    sessionLimit: 10,
    // One seat: a team workspace needs a plan with more (decision 060).
    maxUsers: 1,
    apiAccess: false,
    testBudgetMinor: 0,
    teamSessions: 0,
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
    features: ['Everything in Free'],
    limitations: [PREMIUM_PROMPTS_SEPARATE],
    sessionLimit: null,
    // The spec's card: a team of up to 3 members.
    maxUsers: 3,
    apiAccess: false,
    testBudgetMinor: 500,
    // The team's members, on their own plans, share these once their own sessions are used up.
    teamSessions: 100,
    maxProjects: 100,
    maxStorageGb: 50,
    sortOrder: 2,
    icon: 'crown',
    isPopular: true,
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'For people who run prompts all day, every day.',
    priceMonthlyMinor: 9900,
    features: ['Everything in Free'],
    limitations: [PREMIUM_PROMPTS_SEPARATE],
    sessionLimit: null,
    // The spec sells "unlimited team members"; seats are a number the server enforces, so a large one.
    maxUsers: 50,
    apiAccess: true,
    testBudgetMinor: 2000,
    teamSessions: 1000,
    maxProjects: 1000,
    maxStorageGb: 500,
    sortOrder: 3,
    // Business is the spec's "enterprise" tier, which carries the crown badge like Premium.
    icon: 'crown',
    isPopular: false,
  },
];
