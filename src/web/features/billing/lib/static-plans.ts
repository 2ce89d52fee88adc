import { PAGE_PATHS } from '@shared/routes';

/*
 * The three plans of the spec's static pricing reading (section 2) with the seeded prices of
 * product-decisions.md section 3. Prices are minor units of the configured currency (USD).
 */

export type PlanId = 'free' | 'premium' | 'business';

export interface StaticPlan {
  id: PlanId;
  name: string;
  description: string;
  monthlyMinor: number;
  popular: boolean;
  cta: { label: string; to: string };
  features: string[];
}

export const STATIC_PLANS: StaticPlan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Explore the marketplace and try prompts on real models.',
    monthlyMinor: 0,
    popular: false,
    cta: { label: 'Get Started', to: PAGE_PATHS.signup },
    features: [
      '100+ free prompts',
      '10 playground sessions a month',
      'Claude, ChatGPT and Perplexity models',
      'Publish your own free prompts',
      'Community support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For creators and power users who work with AI every day.',
    monthlyMinor: 1900,
    popular: true,
    // Checkout arrives with the billing feature; until then every trial starts from a new account.
    cta: { label: 'Start Free Trial', to: PAGE_PATHS.signup },
    features: [
      'All 1000+ prompts',
      'Unlimited playground sessions',
      'Team of up to 3 members',
      'Sell premium prompts and earn revenue',
      'Creator analytics',
      'Email support',
    ],
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For teams that build their workflows on shared prompts.',
    monthlyMinor: 9900,
    popular: false,
    cta: { label: 'Start Free Trial', to: PAGE_PATHS.signup },
    features: [
      'Everything in Premium',
      'Unlimited team members',
      'API access',
      'Team admin tools',
      'Priority support',
    ],
  },
];
