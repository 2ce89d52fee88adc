import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AuthResult, User } from '@shared/auth';
import { TIMINGS } from '@shared/constants';
import { ApiError, configureApiAuth } from './api-client';
import { withToast } from './lazy-toast';
import { InvalidSessionUser, fetchSessionUser, revokeToken } from './auth-api';
import {
  AUTH_STORAGE_KEYS,
  type SessionKind,
  clearStoredSession,
  isTokenUsable,
  readStoredSession,
  storeSession,
} from './auth-token';

/*
 * The authentication state of spec section 4: loading at start, then signed in or signed out.
 * Unlike the spec's client, a stored role proves nothing: every stored token is shown to the server
 * (GET /auth/me, or GET /admin/session for an admin-panel token) before anyone counts as signed in.
 */

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/**
 * Query keys that start with this belong to the signed-in account (settings, dashboard...). They are
 * dropped whenever the account changes, so one person never sees another's cached data.
 */
export const ACCOUNT_QUERY_SCOPE = 'account';

export type SignOutReason = 'logout' | 'expired';

export type AuthState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: User; kind: SessionKind }
  | { status: 'unauthenticated'; reason: SignOutReason | null; at?: string };

export interface AuthContextValue {
  status: AuthState['status'];
  user: User | null;
  /** 'admin' when signed in through /admin/login (the only way into the admin panel). */
  kind: SessionKind | null;
  /** Signed in through the admin login, as a user whose role is admin. */
  isAdminSession: boolean;
  /** Why the last session ended, until the next sign-in: the login page explains an expiry. */
  signOutReason: SignOutReason | null;
  /** The path on screen when the session ended here (a guard sends a deliberate sign-out home). */
  signedOutAt: string | null;
  /** Keeps the token of a successful login or sign-up and signs in. */
  signIn: (result: AuthResult, kind: SessionKind) => void;
  /** Forgets the session and tells the server (failure ignored). */
  logout: () => void;
  /** Forgets the session without telling the server, which has already ended it (account deleted). */
  forgetSession: () => void;
  /** Merges changes the server confirmed (a new name or e-mail) into the signed-in user. */
  updateUser: (changes: Partial<Pick<User, 'name' | 'email' | 'avatar'>>) => void;
  /** Asks the server again for the signed-in user (usage counts move as the account is used). */
  refreshUser: () => Promise<void>;
  /**
   * Runs `action` with whether someone is signed in: at once, or when the start-up check has
   * answered. A click that depends on the session (Buy, Subscribe) waits for it, rather than taking
   * a signed-in user who clicks early for a visitor (a server-rendered page is drawn as a visitor's).
   */
  afterSessionCheck: (action: (signedIn: boolean) => void) => void;
}

// The token every API call carries: the one just verified or issued, never a stale stored one.
let activeToken: string | null = null;
let handleUnauthenticated: () => void = () => {};

configureApiAuth({
  getToken: () => activeToken,
  onUnauthenticated: () => handleUnauthenticated(),
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Only the server's refusal (a 4xx) or an answer that is not a user says the token is bad. Anything
 * else says nothing about it: try again rather than sign out. That is a network failure or a 5xx,
 * and also the app's own code failing to load, or the page being left while the check was under
 * way (the browser then fails its pending work, and what this page does next must not sign the
 * next page out).
 */
function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return !(error instanceof InvalidSessionUser);
}

type Restored =
  | { status: 'authenticated'; user: User; kind: SessionKind; token: string }
  | { status: 'unauthenticated'; reason: SignOutReason | null; keepStorage?: boolean };

/** Start-up (and another tab's sign-in or sign-out): who, if anyone, the stored tokens belong to. */
export async function restoreSession(): Promise<Restored> {
  const stored = readStoredSession();
  const candidates: { kind: SessionKind; token: string }[] = [];
  if (stored.adminToken && stored.role === 'admin')
    candidates.push({ kind: 'admin', token: stored.adminToken });
  if (stored.authToken) candidates.push({ kind: 'web', token: stored.authToken });

  if (candidates.length === 0) {
    if (stored.adminToken || stored.role) clearStoredSession();
    return { status: 'unauthenticated', reason: null };
  }

  let rejectedAsExpired = false;
  for (const { kind, token } of candidates) {
    // Spec section 4: the expiry is read from the token before anything else.
    if (!isTokenUsable(token)) {
      clearStoredSession();
      return { status: 'unauthenticated', reason: 'expired' };
    }
    activeToken = token;
    for (let attempt = 0; ; attempt++) {
      try {
        const user = await fetchSessionUser(kind);
        return { status: 'authenticated', user, kind, token };
      } catch (error) {
        if (isTransient(error) && attempt < 2) {
          await wait(1000 * 2 ** attempt);
          continue;
        }
        activeToken = null;
        if (isTransient(error)) {
          // The check could not be made: signed out for now, but the token stays for the next visit.
          return { status: 'unauthenticated', reason: null, keepStorage: true };
        }
        if (error instanceof InvalidSessionUser || (error instanceof ApiError && error.status === 401)) {
          rejectedAsExpired = true;
        }
        break;
      }
    }
  }
  clearStoredSession();
  return { status: 'unauthenticated', reason: rejectedAsExpired ? 'expired' : null };
}

function announceExpiry() {
  withToast((toast) => toast.warning(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' }));
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  // Actions waiting for the start-up check (afterSessionCheck), run once its answer is on screen.
  const waiting = useRef<((signedIn: boolean) => void)[]>([]);
  useEffect(() => {
    if (state.status === 'loading') return;
    for (const action of waiting.current.splice(0)) action(state.status === 'authenticated');
  }, [state.status]);
  const afterSessionCheck = useCallback((action: (signedIn: boolean) => void) => {
    const current = stateRef.current;
    if (current.status === 'loading') waiting.current.push(action);
    else action(current.status === 'authenticated');
  }, []);

  /** Cached data of one account must not survive into the next (or into signed-out pages). */
  const resetAccountData = useCallback(() => {
    queryClient.removeQueries({ queryKey: [ACCOUNT_QUERY_SCOPE] });
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const endSession = useCallback(
    (reason: SignOutReason, options: { tellServer: boolean }) => {
      const token = activeToken;
      activeToken = null;
      clearStoredSession();
      setState({ status: 'unauthenticated', reason, at: window.location.pathname });
      resetAccountData();
      if (options.tellServer && token) revokeToken(token);
      if (reason === 'expired') announceExpiry();
    },
    [resetAccountData],
  );

  const apply = useCallback((restored: Restored, options: { announce: boolean }) => {
    if (restored.status === 'authenticated') {
      activeToken = restored.token;
      setState({ status: 'authenticated', user: restored.user, kind: restored.kind });
    } else {
      activeToken = null;
      setState({ status: 'unauthenticated', reason: restored.reason });
      if (restored.reason === 'expired' && options.announce) announceExpiry();
    }
  }, []);

  // Start-up check. Its answer re-renders every page that asks who is signed in: in a transition,
  // which React renders in slices (and which hydrates, in slices too, what a server-rendered page
  // has not hydrated yet), rather than in one long task.
  useEffect(() => {
    let cancelled = false;
    void restoreSession().then((restored) => {
      if (!cancelled) startTransition(() => apply(restored, { announce: true }));
    });
    return () => {
      cancelled = true;
    };
  }, [apply]);

  // Spec section 4: the expiry is checked again every 5 minutes while signed in.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    const check = () => {
      if (!activeToken || !isTokenUsable(activeToken)) endSession('expired', { tellServer: false });
    };
    const timer = setInterval(check, TIMINGS.tokenCheckMs);
    return () => clearInterval(timer);
  }, [state.status, endSession]);

  // The server rejected our token mid-session (revoked, expired, account suspended): sign out here too.
  useEffect(() => {
    handleUnauthenticated = () => {
      if (stateRef.current.status === 'authenticated') endSession('expired', { tellServer: false });
    };
    return () => {
      handleUnauthenticated = () => {};
    };
  }, [endSession]);

  // Another tab signed in or out: follow it, so two tabs never act as two different people.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      void restoreSession().then((restored) => {
        const before = stateRef.current;
        const beforeId = before.status === 'authenticated' ? before.user.id : null;
        const afterId = restored.status === 'authenticated' ? restored.user.id : null;
        apply(
          restored.status === 'unauthenticated' && beforeId && restored.reason === null
            ? { ...restored, reason: 'logout' }
            : restored,
          { announce: false },
        );
        if (beforeId !== afterId) resetAccountData();
      });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !AUTH_STORAGE_KEYS.includes(event.key)) return;
      // A sign-in writes three keys: look once they are all written.
      clearTimeout(timer);
      timer = setTimeout(follow, 50);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [apply, resetAccountData]);

  const signIn = useCallback(
    (result: AuthResult, kind: SessionKind) => {
      const previous = activeToken;
      // One session at a time: the one this replaces is ended on the server too.
      if (previous && previous !== result.token) revokeToken(previous);
      storeSession(kind, result.token, result.user.role);
      activeToken = result.token;
      setState({ status: 'authenticated', user: result.user, kind });
      resetAccountData();
    },
    [resetAccountData],
  );

  const logout = useCallback(() => endSession('logout', { tellServer: true }), [endSession]);
  const forgetSession = useCallback(() => endSession('logout', { tellServer: false }), [endSession]);

  const updateUser = useCallback<AuthContextValue['updateUser']>((changes) => {
    setState((current) =>
      current.status === 'authenticated' ? { ...current, user: { ...current.user, ...changes } } : current,
    );
  }, []);

  const refreshUser = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'authenticated') return;
    const token = activeToken;
    try {
      const user = await fetchSessionUser(current.kind);
      // Ignore the answer if the session changed while it was on its way.
      if (activeToken !== token) return;
      setState((s) => (s.status === 'authenticated' ? { ...s, user } : s));
    } catch {
      // A rejected token signs out through the API client; anything else keeps what is shown.
    }
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const user = state.status === 'authenticated' ? state.user : null;
    const kind = state.status === 'authenticated' ? state.kind : null;
    return {
      status: state.status,
      user,
      kind,
      isAdminSession: kind === 'admin' && user?.role === 'admin',
      signOutReason: state.status === 'unauthenticated' ? state.reason : null,
      signedOutAt: state.status === 'unauthenticated' ? (state.at ?? null) : null,
      signIn,
      logout,
      forgetSession,
      updateUser,
      refreshUser,
      afterSessionCheck,
    };
  }, [state, signIn, logout, forgetSession, updateUser, refreshUser, afterSessionCheck]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The signed-in user and the auth actions; use inside AuthProvider (the App provides it). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/**
 * `afterSessionCheck` for a component's own clicks: an action still waiting when its page was left
 * meanwhile is dropped, so a click on one page never acts on the next. The page was left when the
 * component has gone, or when the address has changed: a navigation renders the next page in a
 * transition, and while that page is still loading (its module, its data) the one left behind stays
 * mounted under the new address.
 */
export function useAfterSessionCheck(): AuthContextValue['afterSessionCheck'] {
  const { afterSessionCheck } = useAuth();
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    (action) => {
      const address = window.location.href;
      afterSessionCheck((signedIn) => {
        if (mounted.current && window.location.href === address) action(signedIn);
      });
    },
    [afterSessionCheck],
  );
}
