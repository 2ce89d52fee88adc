import type { AuthResult } from '../../../shared/auth';
import { recordActivity } from '../../lib/activity';
import { fieldError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { queueAdminAlert } from '../admin/settings/alerts';
import { findAccountByEmail, insertAccount } from './accounts';
import { toUser } from './current-user';
import { type AuthRuntime, type ClientContext, normalizeEmail } from './deps';
import { hashPassword } from './password';
import { createSession } from './sessions';
import { checkNewPassword, guardAddress, guardEmail } from './sign-in';

export const DUPLICATE_EMAIL = 'An account with this email already exists';

/** A sign-up: the account, its sign-up event, the admins' alert and its first session, in one write. */
export async function register(
  deps: AuthRuntime,
  input: { name: string; email: string; password: string },
  ctx: ClientContext,
): Promise<AuthResult> {
  const { db, mailer, config } = deps;
  await guardAddress(deps, ctx);
  await guardEmail(deps, 'register', normalizeEmail(input.email), true);
  checkNewPassword(input.password);
  if (await findAccountByEmail(db, input.email)) throw fieldError('email', DUPLICATE_EMAIL);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  let result: { token: string; user: Awaited<ReturnType<typeof insertAccount>> };
  try {
    // A crash leaves all or none.
    result = await db.transaction().execute(async (trx) => {
      const user = await insertAccount(trx, { ...input, passwordHash, role: 'user', now, signedIn: true });
      await recordActivity(trx, { type: 'user.registered', actorId: user.id, subjectId: user.id });
      await queueAdminAlert(trx, mailer, 'newUser', {
        subject: `New user registration: ${user.name}`,
        text:
          `A new account was created on Promptforge.\n\nName: ${user.name}\nE-mail: ${user.email}\n` +
          `Time: ${now} (UTC)\n\nManage users: ${config.publicUrl}/admin/users\n`,
      });
      return { user, token: await createSession(deps, trx, user, 'web', ctx) };
    });
  } catch (err) {
    // Two sign-ups with one address at the same instant: the unique index decides.
    if (await findAccountByEmail(db, input.email)) throw fieldError('email', DUPLICATE_EMAIL);
    throw err;
  }
  mailer.wake();
  return { token: result.token, user: await toUser(deps, result.user) };
}
