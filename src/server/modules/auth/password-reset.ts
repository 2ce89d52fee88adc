import { fieldError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findAccountByEmail, findPasswordLink, storePasswordLink } from './accounts';
import {
  type AuthRuntime,
  type ClientContext,
  escapeHtml,
  normalizeEmail,
  RESET_TOKEN_INVALID,
} from './deps';
import { hashPassword } from './password';
import * as repo from './repository';
import { checkNewPassword, guardAddress, guardEmail } from './sign-in';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Counts the request against the limits (the same for every address) and answers. Whether the
 * address has an account must show neither in the answer nor in its time: the lookup, the token and
 * the mail run after the answer is written (`sendResetLink`).
 */
export async function forgotPassword(deps: AuthRuntime, email: string, ctx: ClientContext) {
  await guardAddress(deps, ctx);
  const normalized = normalizeEmail(email);
  await guardEmail(deps, 'forgot', normalized, true);
  deps.background.later('password reset mail', () => sendResetLink(deps, normalized));
}

/** Stores a one-hour reset token for the address's account, if it has one, and mails the link. */
async function sendResetLink(deps: Pick<AuthRuntime, 'db' | 'mailer' | 'config'>, email: string) {
  const user = await findAccountByEmail(deps.db, email);
  if (!user || user.status === 'banned') return;
  // The token and its mail are one write: a link is mailed only for a token that was stored.
  await deps.db.transaction().execute(async (trx) => {
    const token = await storePasswordLink(trx, user.id, RESET_TTL_MS);
    const link = `${deps.config.publicUrl}/auth/reset-password/${token}`;
    await deps.mailer.send(
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
  deps.mailer.wake();
}

/** Sets the password of a link's account, uses the link up and ends the account's sessions. */
export async function resetPassword(deps: Pick<AuthRuntime, 'db'>, token: string, password: string) {
  const reset = await findPasswordLink(deps.db, token);
  const now = nowIso();
  if (!reset || reset.used_at || reset.expires_at <= now) throw fieldError('token', RESET_TOKEN_INVALID);
  checkNewPassword(password);
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.consumePasswordReset(trx, reset.id, now)))
      throw fieldError('token', RESET_TOKEN_INVALID);
    await repo.updatePasswordHash(trx, reset.user_id, hash, now);
    await repo.revokeUserSessions(trx, reset.user_id, now);
  });
}
