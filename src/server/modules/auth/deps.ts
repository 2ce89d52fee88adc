import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import type { BackgroundTasks } from '../../lib/background';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import type { AccountSummary } from './repository';
import type { TokenService } from './tokens';

/** What auth's functions work with; built once by app.ts (createAuthService). */
export interface AuthDeps {
  db: Kysely<DB>;
  engine: Engine;
  tokens: TokenService;
  mailer: Mailer;
  limiter: Limiter;
  /** Runs the password reset's lookup and mail after the answer. */
  background: BackgroundTasks;
  config: Pick<Config, 'sessionTtlSeconds' | 'authRateLimit' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

/** AuthDeps with what createAuthService derives from them once. */
export interface AuthRuntime extends AuthDeps {
  /** The signed-in user's row and summary by id (current-user.ts). */
  accountSummary: (userId: string) => Promise<AccountSummary | undefined>;
  /** Unknown e-mails are checked against this hash so a miss costs what a wrong password costs. */
  dummyHash: Promise<string>;
}

export interface ClientContext {
  ip: string | null;
  userAgent: string | null;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const FORGOT_PASSWORD_MESSAGE = 'Password reset link has been sent to your email';
export const RESET_PASSWORD_MESSAGE = 'Password has been reset successfully';
export const RESET_TOKEN_INVALID = 'Invalid reset token. Please request a new password reset.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function rateLimited(resetMs: number): AppError {
  return new AppError('RATE_LIMIT_ERROR', 'Too many attempts. Please wait a few minutes and try again.', {
    retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
