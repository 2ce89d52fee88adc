import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The demo seed's plans promised what the product does not give (issue 51): "100+ free prompts",
 * "all 1000+ prompts", team members, API access, a shared team library, an account manager. The seed
 * now says only what each plan gives; this brings databases seeded before it in line. A plan is
 * rewritten only while its features are still exactly the old seeded text, so a plan an admin has
 * edited stays as the admin left it. The texts are copied here, not imported: migrations are frozen.
 */

interface PlanText {
  description: string;
  features: string[];
  limitations: string[];
  maxUsers: number;
}

const SEPARATE = 'Premium prompts are bought separately';

const OLD: Record<string, PlanText> = {
  free: {
    description: 'Everything you need to start exploring and sharing prompts.',
    features: [
      'Access to 100+ free prompts',
      '10 playground sessions a month',
      'Publish and share your own prompts',
      'Community support',
    ],
    limitations: ['No premium prompts included', 'Single user'],
    maxUsers: 1,
  },
  premium: {
    description: 'For creators and professionals who work with AI every day.',
    features: [
      'Access to all 1000+ prompts',
      'Unlimited playground sessions',
      'Claude, ChatGPT and Perplexity models',
      'Creator analytics and revenue reports',
      'Team of up to 3 members',
      'Priority email support',
    ],
    limitations: [],
    maxUsers: 3,
  },
  business: {
    description: 'For teams that build their work on shared prompts.',
    features: [
      'Everything in Premium',
      'Unlimited team members',
      'API access',
      'Shared team prompt library',
      'Admin controls and usage reports',
      'Dedicated account manager',
    ],
    limitations: [],
    maxUsers: 1000,
  },
};

const NEW: Record<string, PlanText> = {
  free: {
    description: OLD.free!.description,
    features: [
      '10 playground sessions a month',
      'Every free prompt in the marketplace',
      'Try premium prompts before you buy them',
      'Publish and sell your own prompts',
      'Creator analytics and revenue reports',
    ],
    limitations: [SEPARATE],
    maxUsers: 1,
  },
  premium: {
    description: OLD.premium!.description,
    features: ['Everything in Free', 'Unlimited playground sessions'],
    limitations: [SEPARATE],
    maxUsers: 1,
  },
  business: {
    description: 'For people who run prompts all day, every day.',
    features: ['Everything in Free', 'Unlimited playground sessions'],
    limitations: [SEPARATE],
    maxUsers: 1,
  },
};

/** Rewrites each seeded plan whose features are still exactly `from`'s to `to`'s texts. */
async function rewrite(db: AnyDb, from: Record<string, PlanText>, to: Record<string, PlanText>) {
  for (const [slug, before] of Object.entries(from)) {
    const after = to[slug]!;
    await db
      .updateTable('plans')
      .set({
        description: after.description,
        features: JSON.stringify(after.features),
        limitations: JSON.stringify(after.limitations),
        max_users: after.maxUsers,
      })
      .where('slug', '=', slug)
      .where('features', '=', JSON.stringify(before.features))
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await rewrite(db, OLD, NEW);
}

export async function down(db: AnyDb): Promise<void> {
  await rewrite(db, NEW, OLD);
}
