import crypto from 'node:crypto';
import type { ClientContext, AuthDeps, AuthRuntime } from './deps';
import { accountSummaryReader, me } from './current-user';
import { hashPassword } from './password';
import { forgotPassword, resetPassword } from './password-reset';
import { register } from './register';
import { logout } from './sessions';
import { adminLogin, login } from './sign-in';

/*
 * Auth's public surface: what its routes, app.ts, the auth plugin and other modules use. The work is
 * done by plain functions over AuthRuntime, one file per job (decision 049): register.ts, sign-in.ts
 * (credentials, limits, the admin panel's sign-in), sessions.ts, password-reset.ts, current-user.ts
 * (the signed-in user's answer), accounts.ts (the one owner of creating an account and of
 * set-password links); repository.ts holds their SQL and is imported by auth's own files only.
 */

export type { AuthDeps, ClientContext } from './deps';
export {
  FORGOT_PASSWORD_MESSAGE,
  INVALID_CREDENTIALS,
  RESET_PASSWORD_MESSAGE,
  RESET_TOKEN_INVALID,
  escapeHtml,
  normalizeEmail,
} from './deps';
export { findAccountByEmail, insertAccount, storePasswordLink } from './accounts';
export { liveSessionReader, revokeUserSessions, touchSession, type LiveSession } from './sessions';
export { hashPassword } from './password';

/** Auth bound to its dependencies, for the routes. */
export function createAuthService(deps: AuthDeps) {
  const runtime: AuthRuntime = {
    ...deps,
    accountSummary: accountSummaryReader(deps.db, deps.engine),
    dummyHash: hashPassword(crypto.randomBytes(16).toString('hex')),
  };
  return {
    me: (userId: string) => me(runtime, userId),
    register: (input: Parameters<typeof register>[1], ctx: ClientContext) => register(runtime, input, ctx),
    login: (input: Parameters<typeof login>[1], ctx: ClientContext) => login(runtime, input, ctx),
    adminLogin: (input: Parameters<typeof adminLogin>[1], ctx: ClientContext) =>
      adminLogin(runtime, input, ctx),
    logout: (sessionId: string) => logout(runtime, sessionId),
    forgotPassword: (email: string, ctx: ClientContext) => forgotPassword(runtime, email, ctx),
    resetPassword: (token: string, password: string) => resetPassword(runtime, token, password),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
