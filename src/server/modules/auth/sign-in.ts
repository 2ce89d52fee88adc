import type { AuthResult } from '../../../shared/auth';
import { TOTP_REQUIRED_FIELD, TOTP_REQUIRED_MESSAGE } from '../../../shared/admin-settings';
import type { UserRow } from '../../db/types';
import { AppError, fieldError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { enforceIpWhitelist, loadStoredSettings, verifyAdminTotp } from '../admin/settings/service';
import { isCommonPassword } from './common-passwords';
import {
  type AuthRuntime,
  type ClientContext,
  INVALID_CREDENTIALS,
  normalizeEmail,
  rateLimited,
} from './deps';
import { verifyPassword } from './password';
import * as repo from './repository';
import { startSession } from './sessions';

const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
const EMAIL_WINDOW_MS = 15 * 60 * 1000;

/** Counts an attempt from an address (all auth endpoints share the budget). */
export async function guardAddress(deps: Pick<AuthRuntime, 'limiter' | 'config'>, ctx: ClientContext) {
  const hit = await deps.limiter.hit(`auth:ip:${ctx.ip ?? 'unknown'}`, ADDRESS_WINDOW_MS);
  if (hit.count > deps.config.authRateLimit.perAddress) throw rateLimited(hit.resetMs);
}

/** Counts (or only checks) an attempt for an address's account under `scope`. */
export async function guardEmail(
  deps: Pick<AuthRuntime, 'limiter' | 'config'>,
  scope: string,
  email: string,
  count: boolean,
) {
  const key = `auth:${scope}:${email}`;
  const hit = count ? await deps.limiter.hit(key, EMAIL_WINDOW_MS) : await deps.limiter.peek(key);
  const limit = deps.config.authRateLimit.perEmail;
  if (count ? hit.count > limit : hit.count >= limit) throw rateLimited(hit.resetMs);
}

export function checkNewPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw fieldError(field, 'This password is too common');
}

/** Checks e-mail and password in constant-ish time; the same error for every failure. */
async function checkCredentials(
  deps: AuthRuntime,
  email: string,
  password: string,
  scope: string,
  ctx: ClientContext,
): Promise<UserRow> {
  await guardAddress(deps, ctx);
  const normalized = normalizeEmail(email);
  await guardEmail(deps, scope, normalized, false);
  const user = await repo.findUserByEmail(deps.db, normalized);
  const ok = await verifyPassword(user?.password_hash ?? (await deps.dummyHash), password);
  if (!user || !ok) {
    await deps.limiter.hit(`auth:${scope}:${normalized}`, EMAIL_WINDOW_MS);
    throw new AppError('AUTHENTICATION_ERROR', INVALID_CREDENTIALS);
  }
  await deps.limiter.reset(`auth:${scope}:${normalized}`);
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

export async function login(
  deps: AuthRuntime,
  input: { email: string; password: string },
  ctx: ClientContext,
): Promise<AuthResult> {
  const user = await checkCredentials(deps, input.email, input.password, 'login', ctx);
  return startSession(deps, user, 'web', ctx);
}

/**
 * Admin-panel sign-in: an admin, from an address the admin's IP whitelist allows, with a TOTP code
 * when two-factor is on. The token lasts the admin's session timeout; a login alert is e-mailed when
 * the admin asked for them.
 */
export async function adminLogin(
  deps: AuthRuntime,
  input: { email: string; password: string; code?: string },
  ctx: ClientContext,
): Promise<AuthResult> {
  const user = await checkCredentials(deps, input.email, input.password, 'admin-login', ctx);
  if (user.role !== 'admin') {
    throw new AppError('AUTHORIZATION_ERROR', 'This account does not have access to the admin panel.');
  }
  await enforceIpWhitelist(deps.db, user.id, ctx.ip ?? '');
  if (user.totp_enabled_at && user.totp_secret) {
    if (!input.code) {
      throw new AppError('AUTHENTICATION_ERROR', TOTP_REQUIRED_MESSAGE, {
        details: [{ field: TOTP_REQUIRED_FIELD, message: TOTP_REQUIRED_MESSAGE }],
        internal: 'admin sign-in needs a TOTP code',
      });
    }
    await verifyAdminTotp(deps.db, deps.limiter, user, user.totp_secret, input.code);
  }
  const settings = await loadStoredSettings(deps.db, user.id);
  const hours = Number(settings.security.sessionTimeout);
  const result = await startSession(deps, user, 'admin', ctx, hours * 3600);
  if (settings.security.loginAlerts) await sendLoginAlert(deps, user, ctx);
  return result;
}

async function sendLoginAlert(
  deps: Pick<AuthRuntime, 'mailer' | 'config' | 'log'>,
  user: UserRow,
  ctx: ClientContext,
) {
  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'New sign-in to the Promptforge admin panel',
      text:
        `Hi ${user.name},\n\nYour administrator account just signed in to the Promptforge admin panel.\n\n` +
        `Address: ${ctx.ip ?? 'unknown'}\nBrowser: ${ctx.userAgent ?? 'unknown'}\nTime: ${nowIso()} (UTC)\n\n` +
        `If this was not you, change your password now in Admin Settings and turn on two-factor ` +
        `authentication: ${deps.config.publicUrl}/admin/settings\n\n` +
        `You get this e-mail because login alerts are on in your admin security settings.\n`,
    });
  } catch (err) {
    // The sign-in stands: the mailer has recorded the failure in the outbox.
    deps.log.error({ err, userId: user.id }, 'admin login alert failed');
  }
}
