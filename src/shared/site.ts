import { z } from 'zod';

/** Live platform figures for the home page's stats strip (product-decisions.md section 1). */
export const PublicStatsSchema = z.object({
  users: z.number().int(),
  publishedPrompts: z.number().int(),
  /** Share of playground replies that completed, 0..100, or null before the first reply. */
  successRate: z.number().nullable(),
  /** Median playground reply time in milliseconds, or null before the first reply. */
  medianReplyMs: z.number().nullable(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), uptime: z.number() });
export const ReadySchema = z.object({
  /** Degraded: serving, with an optional dependency away (see `redis`). */
  status: z.enum(['ready', 'degraded']),
  database: z.string(),
  /** Redis shares rate limits between instances: 'unavailable' while each counts its own; 'off' without Redis. */
  redis: z.enum(['ok', 'unavailable', 'off']),
});

const CredentialsSchema = z.object({ email: z.string(), password: z.string() });

export const PAYMENT_PROVIDERS = ['razorpay', 'test', 'off'] as const;

/**
 * What the browser needs to know about this deployment, and the facts behind what the site says of
 * itself (issue 51: a claim is shown only when it holds here).
 */
export const SiteConfigSchema = z.object({
  /** Demo mode: demo data and accounts exist, and the admin login shows their credentials. */
  demo: z.boolean(),
  demoAccounts: z.object({ user: CredentialsSchema, admin: CredentialsSchema }).nullable(),
  /** The site is served over TLS (its PUBLIC_URL is https): only then may it say connections are encrypted. */
  https: z.boolean(),
  /**
   * Who takes payments: Razorpay (real keys), the built-in test gateway (no money moves), or nobody
   * (production without keys: checkout is refused).
   */
  payments: z.enum(PAYMENT_PROVIDERS),
  /** The one currency prices are shown and charged in (ISO 4217). */
  currency: z.string(),
  /** The playground's models that answer from their provider; the others answer with the offline demo model. */
  liveModels: z.array(z.string()),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
