import type { User } from '@shared/auth';
import { PAGE_PATHS } from '@shared/routes';

/*
 * Where people go around signing in (spec section 2, access guard). The guards and the sign-in pages
 * both use these, so a page and its guard never disagree about the destination.
 */

/** What the auth pages read from (and pass on in) the router's location state. */
export interface AuthLocationState {
  /** The page a guard turned the visitor away from, to return to after signing in. */
  from?: string;
  /** A notice for the login page, e.g. after a password reset. */
  message?: string;
}

/** Only a path of this site, and never a sign-in page (returning there would loop). */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = (path.split(/[?#]/)[0] ?? path).replace(/\/$/, '');
  return !pathname.startsWith('/auth/') && pathname !== PAGE_PATHS.adminLogin;
}

export function readAuthState(state: unknown): AuthLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, message } = state as Record<string, unknown>;
  return {
    from: typeof from === 'string' && isSafeReturnPath(from) ? from : undefined,
    message: typeof message === 'string' && message ? message : undefined,
  };
}

export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/** Home after signing in: the admin panel for administrators, the dashboard for everyone else. */
export function homeFor(user: Pick<User, 'role'>): string {
  return user.role === 'admin' ? PAGE_PATHS.adminDashboard : PAGE_PATHS.dashboard;
}

/** After a sign-in, or when a signed-in user opens a sign-in page: the remembered page, else home. */
export function destinationAfterSignIn(user: Pick<User, 'role'>, state: unknown): string {
  const { from } = readAuthState(state);
  // Only administrators have anything to return to in the admin panel.
  if (from && (user.role === 'admin' || !isAdminPath(from))) return from;
  return homeFor(user);
}

/** The state a guard passes to a sign-in page: where the visitor was going. */
export function rememberOrigin(location: { pathname: string; search: string; hash: string }) {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return isSafeReturnPath(from) ? ({ from } satisfies AuthLocationState) : undefined;
}
