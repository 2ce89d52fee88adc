import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type AiConfig, aiEnvUrl, aiProviders } from './integrations/ai/ai-config';

/*
 * Configuration is parsed once, at start, from the environment. Every bad variable is listed at once.
 * Secrets missing in demo mode are generated once and kept in the data folder; in production a
 * missing secret stops the server with a message naming it.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://promptforge.example' }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.string().min(1).optional(),
  /** PostgreSQL connections each instance keeps (SQLite has one). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(10),
  DEMO: bool.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** smtp: through SMTP_URL; log: to the server log and the outbox table only (no mail leaves). */
  MAIL_TRANSPORT: z.enum(['smtp', 'log'], { message: 'must be smtp or log' }).optional(),
  MAIL_FROM: z.string().min(3).default('Promptforge <no-reply@promptforge.test>'),
  /** How often an idle job worker looks for work, in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5, 'must be at least 0.5').max(60).default(2),
  /** First retry delay of a failed job, in seconds; each retry waits about twice as long as the last. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int('must be a whole number').min(0).max(3600).default(30),
  ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: aiEnvUrl,
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-4-5'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: aiEnvUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_API: z.enum(['chat', 'responses']).default('chat'),
  PERPLEXITY_API_KEY: z.string().min(1).optional(),
  PERPLEXITY_BASE_URL: aiEnvUrl,
  PERPLEXITY_MODEL: z.string().min(1).default('sonar'),
  OPENAI_COMPATIBLE_BASE_URL: aiEnvUrl,
  OPENAI_COMPATIBLE_API_KEY: z.string().min(1).optional(),
  OPENAI_COMPATIBLE_NAME: z.string().min(1).default('Local server'),
  OPENAI_COMPATIBLE_MODELS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  AI_CONFIG_FILE: z.string().min(1).optional(),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  AI_OUTAGE_RETRY_MS: z.coerce.number().int().min(100).default(30_000),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(200_000).default(4096),
  DEMO_MODEL_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
  PLAYGROUND_MAX_MESSAGE_CHARS: z.coerce.number().int().min(100).default(8000),
  PLAYGROUND_MAX_MESSAGES_PER_SESSION: z.coerce.number().int().min(2).default(100),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  PLAYGROUND_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  PREMIUM_TRIES: z.coerce.number().int().min(0).default(3),
  /** How often a published prompt's test cases run again on every model (issue 56). */
  PROMPT_TEST_INTERVAL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default('USD'),
  CREATOR_SHARE: z.coerce.number().min(0).max(1).default(0.8),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_BASE: z.url({ message: 'must be a URL' }).default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z
    .url({ message: 'must be a URL' })
    .default('https://checkout.razorpay.com/v1/checkout.js'),
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Lets the built-in test gateway run in production (a staging site); never for real sales. */
  PAYMENTS_TEST_MODE: bool.optional(),
  /** Browser origins allowed to call the API from another site, comma-separated; none by default. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, 'must list origins such as https://app.example.com'))),
  /** Bearer token for /api/metrics; without it the endpoint does not exist. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

/** An origin exactly as a browser sends it: scheme, host and port only, no path or trailing slash. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  databasePoolSize: number;
  demo: boolean;
  jwtSecret: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimitMax: number;
  shutdownTimeoutMs: number;
  /** Lifetime of a sign-in, in seconds (the session timeout). */
  sessionTtlSeconds: number;
  authRateLimit: { perAddress: number; perEmail: number };
  redisUrl: string | null;
  smtpUrl: string | null;
  /** Where mail goes: an SMTP server, or the log and outbox table (development, tests, staging). */
  mailTransport: 'smtp' | 'log';
  mailFrom: string;
  /** Background jobs (decision 047). */
  jobs: { pollSeconds: number; retryDelaySeconds: number };
  /** First admin, created on start when no admin exists. */
  bootstrapAdmin: { email: string; password: string } | null;
  ai: AiConfig;
  playground: {
    maxMessageChars: number;
    maxMessagesPerSession: number;
    /** Largest file a user may upload. */
    uploadMaxBytes: number;
    /** Chat requests per user per minute. */
    rateLimit: number;
    /** Tries of a premium prompt a non-buyer gets. */
    premiumTries: number;
    /** Days between the scheduled runs of a prompt's tests (decision 057). */
    testIntervalDays: number;
  };
  /** Calls per API key per minute, on /api and /mcp together (issue 59). */
  apiKeyRateLimit: number;
  payments: PaymentsConfig;
  /** Origins allowed cross-origin API calls (CORS); empty means no CORS headers at all. */
  corsOrigins: string[];
  /** Bearer token that opens /api/metrics; null hides the endpoint. */
  metricsToken: string | null;
}

export interface PaymentsConfig {
  /**
   * razorpay: real keys; test: the built-in test gateway (demo and development, or PAYMENTS_TEST_MODE);
   * off: production without keys, where checkout is refused rather than given away.
   */
  gateway: 'razorpay' | 'test' | 'off';
  currency: string;
  /** The creator's share of a sale, 0..1. */
  creatorShare: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  apiBase: string;
  checkoutUrl: string;
  /** How long a gateway call may take. */
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Secrets that production must be given and demo mode may generate. */
const SECRETS = ['JWT_SECRET'] as const;
type SecretName = (typeof SECRETS)[number];

function loadGeneratedSecrets(dataDir: string, missing: SecretName[]): Record<string, string> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = crypto.randomBytes(48).toString('base64url');
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  }
  return stored;
}

type Env = z.infer<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const ai = aiProviders(e, env);
  if (ai.problems.length > 0) throw new ConfigError(ai.problems);
  const production = e.NODE_ENV === 'production';
  const demo = e.DEMO ?? !production;
  const dataDir = path.resolve(e.DATA_DIR);

  // Links in e-mails and the site's own claims (TLS) are written from it: production must say it.
  if (production && !e.PUBLIC_URL) {
    throw new ConfigError([
      'PUBLIC_URL: is required when NODE_ENV=production (the address people reach the app at, e.g. https://promptforge.example)',
    ]);
  }
  const jwtSecret = e.JWT_SECRET ?? generatedSecrets(e, production, dataDir).JWT_SECRET ?? '';
  const mailTransport = mailTransportOf(e, production);

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${path.join(dataDir, 'promptforge.db')}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    demo,
    jwtSecret,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    authRateLimit: { perAddress: e.AUTH_RATE_LIMIT_PER_ADDRESS, perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL },
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailTransport,
    mailFrom: e.MAIL_FROM,
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS },
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    ai: {
      providers: ai.providers,
      choices: ai.choices,
      maxRetries: e.AI_MAX_RETRIES,
      timeoutMs: e.AI_TIMEOUT_MS,
      outageHalfOpenMs: e.AI_OUTAGE_RETRY_MS,
      maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
      demoDelayMs: e.DEMO_MODEL_DELAY_MS,
    },
    playground: {
      maxMessageChars: e.PLAYGROUND_MAX_MESSAGE_CHARS,
      maxMessagesPerSession: e.PLAYGROUND_MAX_MESSAGES_PER_SESSION,
      uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      rateLimit: e.PLAYGROUND_RATE_LIMIT,
      premiumTries: e.PREMIUM_TRIES,
      testIntervalDays: e.PROMPT_TEST_INTERVAL_DAYS,
    },
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    payments: paymentsConfig(e, production, jwtSecret),
    corsOrigins: [...new Set(e.CORS_ORIGINS)],
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

/** The environment through EnvSchema (empty strings count as unset), with the variables that come in pairs. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither']);
  }
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError(['RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither']);
  }
  return e;
}

/** The secrets the environment leaves out: an error in production, else generated once and kept in DATA_DIR. */
function generatedSecrets(e: Env, production: boolean, dataDir: string): Record<string, string> {
  const missing = SECRETS.filter((name) => !e[name]);
  if (missing.length === 0) return {};
  if (production) {
    throw new ConfigError(missing.map((name) => `${name}: is required when NODE_ENV=production`));
  }
  return loadGeneratedSecrets(dataDir, missing);
}

/** How mail leaves: SMTP when given, the log by default outside production, and never a contradiction. */
function mailTransportOf(e: Env, production: boolean): 'smtp' | 'log' {
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : production ? null : 'log');
  if (!mailTransport) {
    throw new ConfigError([
      'SMTP_URL: is required when NODE_ENV=production (the mail server, e.g. smtps://user:pass@mail.example:465), ' +
        'or set MAIL_TRANSPORT=log to keep mail in the log and the outbox table instead of sending it',
    ]);
  }
  if (mailTransport === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError(['SMTP_URL: is required when MAIL_TRANSPORT=smtp']);
  }
  if (mailTransport === 'log' && e.SMTP_URL) {
    throw new ConfigError(['MAIL_TRANSPORT=log and SMTP_URL: set one or the other']);
  }
  return mailTransport;
}

function paymentsConfig(e: Env, production: boolean, jwtSecret: string): PaymentsConfig {
  const common = {
    currency: e.CURRENCY,
    creatorShare: e.CREATOR_SHARE,
    apiBase: e.RAZORPAY_API_BASE.replace(/\/$/, ''),
    checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
    timeoutMs: e.RAZORPAY_TIMEOUT_MS,
  };
  if (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET) {
    return {
      ...common,
      gateway: 'razorpay',
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null,
    };
  }
  const test = e.PAYMENTS_TEST_MODE ?? !production;
  // The test gateway signs with a secret derived from the JWT secret, so nothing extra is stored.
  const derived = (label: string) => crypto.createHmac('sha256', jwtSecret).update(label).digest('base64url');
  return {
    ...common,
    gateway: test ? 'test' : 'off',
    keyId: 'rzp_test_promptforge',
    keySecret: derived('test-gateway-key'),
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? derived('test-gateway-webhook'),
  };
}
