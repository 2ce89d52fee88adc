import { Navigate, Outlet, useLocation } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { useAuth } from '@/lib/auth';
import { destinationAfterSignIn, rememberOrigin } from '@/lib/auth-redirect';
import { PageFallback } from './page-fallback';

/*
 * The access guard of spec section 2. The server enforces the same rules on every call; these decide
 * what the browser shows. While the stored session is being checked, a spinner.
 */

/** Did the person sign out on purpose, right here? Then the page they leave sends them home, not to login. */
function signedOutHere(auth: ReturnType<typeof useAuth>, pathname: string): boolean {
  return auth.signOutReason === 'logout' && auth.signedOutAt === pathname;
}

/** Signed-in pages (/playground, /dashboard, /settings): others go to /auth/login, remembering the page. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageFallback />;
  if (auth.status === 'unauthenticated') {
    if (signedOutHere(auth, location.pathname)) return <Navigate to={PAGE_PATHS.home} replace />;
    return <Navigate to={PAGE_PATHS.login} replace state={rememberOrigin(location)} />;
  }
  return <Outlet />;
}

/**
 * Admin pages: only an admin-panel session of an administrator. Visitors, and administrators signed in
 * on the main site only, go to /admin/login; other signed-in users go to their dashboard.
 */
export function RequireAdmin() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageFallback />;
  if (auth.isAdminSession) return <Outlet />;
  if (auth.status === 'authenticated' && auth.user?.role !== 'admin') {
    return <Navigate to={PAGE_PATHS.dashboard} replace />;
  }
  const state = signedOutHere(auth, location.pathname) ? undefined : rememberOrigin(location);
  return <Navigate to={PAGE_PATHS.adminLogin} replace state={state} />;
}

/** Login, sign-up, forgot and reset password: a signed-in user goes where signing in would take them. */
export function GuestOnly() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageFallback />;
  if (auth.status === 'authenticated' && auth.user) {
    return <Navigate to={destinationAfterSignIn(auth.user, location.state)} replace />;
  }
  return <Outlet />;
}

/**
 * /admin/login: an admin-panel session goes to the panel; a signed-in non-administrator has nothing to
 * do here. An administrator signed in on the main site sees the form: the panel needs its own sign-in.
 */
export function AdminGuestOnly() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageFallback />;
  if (auth.isAdminSession && auth.user) {
    return <Navigate to={destinationAfterSignIn(auth.user, location.state)} replace />;
  }
  if (auth.status === 'authenticated' && auth.user?.role !== 'admin') {
    return <Navigate to={PAGE_PATHS.dashboard} replace />;
  }
  return <Outlet />;
}
