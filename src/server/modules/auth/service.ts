import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthResult, User } from '../../../shared/auth';
import type { Role } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Engine } from '../../db/database';
import type { DB, UserRow } from '../../db/types';
import { TOTP_REQUIRED_FIELD, TOTP_REQUIRED_MESSAGE } from '../../../shared/admin-settings';
import type { Mailer } from '../../integrations/mail/mailer';
import { recordActivity } from '../../lib/activity';
import { queueAdminAlert } from '../admin/settings/alerts';
import type { BackgroundTasks } from '../../lib/background';
import { AppError, fieldError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { newId, nowIso } from '../../lib/time';
import { enforceIpWhitelist, loadStoredSettings, verifyAdminTotp } from '../admin/settings/service';
import { monthOf, planAllowance } from '../playground/allowance';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import * as repo from './repository';
import type { Audience, TokenService } from './tokens';

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

export interface ClientContext {
  ip: string | null;
  userAgent: string | null;
}

const RESET_TTL_MS = 60 * 60 * 1000;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const EMAIL_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const FORGOT_PASSWORD_MESSAGE = 'Password reset link has been sent to your email';
export const RESET_PASSWORD_MESSAGE = 'Password has been reset successfully';
export const RESET_TOKEN_INVALID = 'Invalid reset token. Please request a new password reset.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Ends every sign-in of a user at once (suspension, a role change, a deleted account): for other modules. */
export { revokeUserSessions } from './repository';
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function rateLimited(resetMs: number): AppError {
  return new AppError('RATE_LIMIT_ERROR', 'Too many attempts. Please wait a few minutes and try again.', {
    retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
  });
}

/**
 * The signed-in user's summary by id. On PostgreSQL the summaries asked for at once share one round
 * trip (every signed-in page load asks for one).
 */
function accountSummaryReader(db: Kysely<DB>, engine: Engine) {
  if (engine === 'postgres') return repo.accountSummaryBatcher(db, () => monthOf());
  const find = repo.accountSummaryFinder(db);
  return (userId: string) => find(userId, nowIso(), monthOf());
}

export function createAuthService(deps: AuthDeps) {
  const { db, tokens, mailer, limiter, background, config, log } = deps;
  const accountSummary = accountSummaryReader(db, deps.engine);
  // Unknown e-mails are checked against this hash so a miss costs what a wrong password costs.
  const dummyHash = hashPassword(crypto.randomBytes(16).toString('hex'));

  /** Counts an attempt from an address (all auth endpoints share the budget). */
  async function guardAddress(ctx: ClientContext) {
    const hit = await limiter.hit(`auth:ip:${ctx.ip ?? 'unknown'}`, ADDRESS_WINDOW_MS);
    if (hit.count > config.authRateLimit.perAddress) throw rateLimited(hit.resetMs);
  }

  async function guardEmail(scope: string, email: string, count: boolean) {
    const key = `auth:${scope}:${email}`;
    const hit = count ? await limiter.hit(key, EMAIL_WINDOW_MS) : await limiter.peek(key);
    const over = count
      ? hit.count > config.authRateLimit.perEmail
      : hit.count >= config.authRateLimit.perEmail;
    if (over) throw rateLimited(hit.resetMs);
  }

  function checkNewPassword(password: string, field = 'password') {
    if (isCommonPassword(password)) throw fieldError(field, 'This password is too common');
  }

  /** The user's answer; `known` is the summary when the caller has read it already. */
  async function toUser(row: UserRow, known?: repo.AccountSummary): Promise<User> {
    const summary = known ?? (await accountSummary(row.id));
    // The current subscription, when there is one (a user deleted in between has no summary at all).
    const subscription =
      summary?.subscription_status != null && summary.plan_id != null && summary.plan_name != null
        ? { plan: summary.plan_name, status: summary.subscription_status, planId: summary.plan_id }
        : null;
    const role = row.role as Role;
    const { limit } = planAllowance(
      role,
      subscription ? { name: subscription.plan, sessionLimit: summary?.session_limit ?? null } : null,
      summary?.free_plan_name != null
        ? { name: summary.free_plan_name, sessionLimit: summary.free_session_limit ?? null }
        : null,
    );
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role,
      subscription: subscription ?? {
        plan: summary?.free_plan_name ?? 'Free',
        status: 'active',
        planId: summary?.free_plan_id ?? null,
      },
      usage: {
        playgroundSessions: { current: Number(summary?.sessions ?? 0), limit },
        promptsCreated: Number(summary?.prompts ?? 0),
      },
      avatar: row.avatar_url,
    };
  }

  /** Signs a token and stores its session row (with `executor`, inside the caller's transaction). */
  async function createSession(
    executor: Kysely<DB>,
    user: UserRow,
    audience: Audience,
    ctx: ClientContext,
    ttlSeconds = config.sessionTtlSeconds,
  ): Promise<string> {
    const sessionId = newId();
    const now = nowIso();
    const { token, expiresAt } = await tokens.sign({ userId: user.id, sessionId, audience }, ttlSeconds);
    await repo.insertSession(executor, {
      id: sessionId,
      userId: user.id,
      kind: audience,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      now,
      expiresAt: expiresAt.toISOString(),
    });
    return token;
  }

  async function startSession(
    user: UserRow,
    audience: Audience,
    ctx: ClientContext,
    ttlSeconds = config.sessionTtlSeconds,
  ): Promise<AuthResult> {
    const token = await createSession(db, user, audience, ctx, ttlSeconds);
    return { token, user: await toUser(user) };
  }

  /** Checks e-mail and password in constant-ish time; the same error for every failure. */
  async function checkCredentials(email: string, password: string, scope: string, ctx: ClientContext) {
    await guardAddress(ctx);
    const normalized = normalizeEmail(email);
    await guardEmail(scope, normalized, false);
    const user = await repo.findUserByEmail(db, normalized);
    const ok = await verifyPassword(user?.password_hash ?? (await dummyHash), password);
    if (!user || !ok) {
      await limiter.hit(`auth:${scope}:${normalized}`, EMAIL_WINDOW_MS);
      throw new AppError('AUTHENTICATION_ERROR', INVALID_CREDENTIALS);
    }
    await limiter.reset(`auth:${scope}:${normalized}`);
    if (user.status !== 'active') {
      throw new AppError(
        'AUTHORIZATION_ERROR',
        user.status === 'banned'
          ? 'This account has been banned. Contact support if you think this is a mistake.'
          : 'This account is suspended. Contact support to restore access.',
      );
    }
    return user;
  }

  async function sendLoginAlert(user: UserRow, ctx: ClientContext) {
    const time = nowIso();
    try {
      await mailer.send({
        to: user.email,
        subject: 'New sign-in to the Promptforge admin panel',
        text:
          `Hi ${user.name},\n\nYour administrator account just signed in to the Promptforge admin panel.\n\n` +
          `Address: ${ctx.ip ?? 'unknown'}\nBrowser: ${ctx.userAgent ?? 'unknown'}\nTime: ${time} (UTC)\n\n` +
          `If this was not you, change your password now in Admin Settings and turn on two-factor ` +
          `authentication: ${config.publicUrl}/admin/settings\n\n` +
          `You get this e-mail because login alerts are on in your admin security settings.\n`,
      });
    } catch (err) {
      // The sign-in stands: the mailer has recorded the failure in the outbox.
      log.error({ err, userId: user.id }, 'admin login alert failed');
    }
  }

  /** Stores a one-hour reset token for the address's account, if it has one, and mails the link. */
  async function sendResetLink(normalized: string) {
    const user = await repo.findUserByEmail(db, normalized);
    if (!user || user.status === 'banned') return;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    const link = `${config.publicUrl}/auth/reset-password/${token}`;
    // The token and its mail are one write: a link is mailed only for a token that was stored.
    await db.transaction().execute(async (trx) => {
      await repo.insertPasswordReset(trx, {
        id: newId(),
        userId: user.id,
        tokenHash: hashToken(token),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      });
      await mailer.send(
        {
          to: user.email,
          subject: 'Reset your Promptforge password',
          text:
            `Hi ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Promptforge account.\n` +
            `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
            `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
          html:
            `<p>Hi ${escapeHtml(user.name)},</p><p>Someone (hopefully you) asked to reset the password of your Promptforge account.</p>` +
            `<p><a href="${link}">Choose a new password</a> (the link works for one hour).</p>` +
            `<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
        },
        { db: trx },
      );
    });
    mailer.wake();
  }

  return {
    toUser,

    /** The signed-in user's answer; a user deleted since the token was issued is signed out. */
    async me(userId: string): Promise<User> {
      // The user's row and its summary in one statement.
      const row = await accountSummary(userId);
      if (!row) throw new AppError('AUTHENTICATION_ERROR');
      return toUser(row, row);
    },

    async register(input: { name: string; email: string; password: string }, ctx: ClientContext) {
      await guardAddress(ctx);
      const normalized = normalizeEmail(input.email);
      await guardEmail('register', normalized, true);
      checkNewPassword(input.password);
      if (await repo.findUserByEmail(db, normalized)) {
        throw fieldError('email', 'An account with this email already exists');
      }
      const now = nowIso();
      const user: UserRow = {
        id: newId(),
        name: input.name.trim(),
        email: input.email.trim(),
        email_normalized: normalized,
        password_hash: await hashPassword(input.password),
        role: 'user',
        status: 'active',
        avatar_url: null,
        bio: null,
        theme: 'dark',
        trial_used_at: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        email_on_updates: 0,
        last_active_at: now,
        created_at: now,
        updated_at: now,
      };
      // The account, its sign-up event and its first session are one write: a crash leaves all or none.
      let token: string;
      try {
        token = await db.transaction().execute(async (trx) => {
          await repo.insertUser(trx, user);
          await recordActivity(trx, { type: 'user.registered', actorId: user.id, subjectId: user.id });
          await queueAdminAlert(trx, mailer, 'newUser', {
            subject: `New user registration: ${user.name}`,
            text:
              `A new account was created on Promptforge.\n\nName: ${user.name}\nE-mail: ${user.email}\n` +
              `Time: ${now} (UTC)\n\nManage users: ${config.publicUrl}/admin/users\n`,
          });
          return createSession(trx, user, 'web', ctx);
        });
      } catch (err) {
        // Two sign-ups with one address at the same instant: the unique index decides.
        if (await repo.findUserByEmail(db, normalized)) {
          throw fieldError('email', 'An account with this email already exists');
        }
        throw err;
      }
      mailer.wake();
      return { token, user: await toUser(user) } satisfies AuthResult;
    },

    async login(input: { email: string; password: string }, ctx: ClientContext) {
      const user = await checkCredentials(input.email, input.password, 'login', ctx);
      return startSession(user, 'web', ctx);
    },

    /**
     * Admin-panel sign-in: an admin, from an address the admin's IP whitelist allows, with a TOTP
     * code when two-factor is on. The token lasts the admin's session timeout; a login alert is
     * e-mailed when the admin asked for them.
     */
    async adminLogin(input: { email: string; password: string; code?: string }, ctx: ClientContext) {
      const user = await checkCredentials(input.email, input.password, 'admin-login', ctx);
      if (user.role !== 'admin') {
        throw new AppError('AUTHORIZATION_ERROR', 'This account does not have access to the admin panel.');
      }
      await enforceIpWhitelist(db, user.id, ctx.ip ?? '');
      if (user.totp_enabled_at && user.totp_secret) {
        if (!input.code) {
          throw new AppError('AUTHENTICATION_ERROR', TOTP_REQUIRED_MESSAGE, {
            details: [{ field: TOTP_REQUIRED_FIELD, message: TOTP_REQUIRED_MESSAGE }],
            internal: 'admin sign-in needs a TOTP code',
          });
        }
        await verifyAdminTotp(db, limiter, user, user.totp_secret, input.code);
      }
      const settings = await loadStoredSettings(db, user.id);
      const result = await startSession(user, 'admin', ctx, Number(settings.security.sessionTimeout) * 3600);
      if (settings.security.loginAlerts) await sendLoginAlert(user, ctx);
      return result;
    },

    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId, nowIso());
    },

    /**
     * Counts the request against the limits (the same for every address) and answers. Whether the
     * address has an account must show neither in the answer nor in its time: the lookup, the
     * token and the mail run after the answer is written (`sendResetLink`).
     */
    async forgotPassword(email: string, ctx: ClientContext) {
      await guardAddress(ctx);
      const normalized = normalizeEmail(email);
      await guardEmail('forgot', normalized, true);
      background.later('password reset mail', () => sendResetLink(normalized));
    },

    async resetPassword(token: string, password: string) {
      const reset = await repo.findPasswordReset(db, hashToken(token));
      const now = nowIso();
      if (!reset || reset.used_at || reset.expires_at <= now) {
        throw fieldError('token', RESET_TOKEN_INVALID);
      }
      checkNewPassword(password);
      const hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.consumePasswordReset(trx, reset.id, now)))
          throw fieldError('token', RESET_TOKEN_INVALID);
        await repo.updatePasswordHash(trx, reset.user_id, hash, now);
        await repo.revokeUserSessions(trx, reset.user_id, now);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
