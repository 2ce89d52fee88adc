import type { Role } from '@shared/constants';

/*
 * What the browser keeps between visits (spec section 3): the web token, the admin-panel token and the
 * role, under the spec's key names. Only one of the two tokens is kept at a time (signing in one way
 * ends the other session), so "the user token, else the admin token" is never ambiguous.
 */

export const AUTH_TOKEN_KEY = 'authToken';
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ROLE_KEY = 'role';
export const AUTH_STORAGE_KEYS: readonly string[] = [AUTH_TOKEN_KEY, ADMIN_TOKEN_KEY, ROLE_KEY];

export type SessionKind = 'web' | 'admin';

export interface StoredSession {
  authToken: string | null;
  adminToken: string | null;
  role: string | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (strict privacy settings): then nothing survives a reload.
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the session lasts for this page view only.
  }
}

export function readStoredSession(): StoredSession {
  return { authToken: read(AUTH_TOKEN_KEY), adminToken: read(ADMIN_TOKEN_KEY), role: read(ROLE_KEY) };
}

/** Keeps a new session's token under its key and forgets the other kind's token. */
export function storeSession(kind: SessionKind, token: string, role: Role) {
  write(kind === 'admin' ? ADMIN_TOKEN_KEY : AUTH_TOKEN_KEY, token);
  write(kind === 'admin' ? AUTH_TOKEN_KEY : ADMIN_TOKEN_KEY, null);
  write(ROLE_KEY, role);
}

/** Logout and expiry clear all three values (spec section 4). */
export function clearStoredSession() {
  for (const key of AUTH_STORAGE_KEYS) write(key, null);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The token's expiry in milliseconds since the epoch, read from its `exp` claim, or null when the
 * token cannot be read. The signature is not checked: only the server can, and does, on every call.
 */
export function tokenExpiresAt(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec section 4: a token that is expired or unreadable ends the session. */
export function isTokenUsable(token: string, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}
