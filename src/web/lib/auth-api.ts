import type { User } from '@shared/auth';
import { API_BASE, api } from './api-client';
import type { SessionKind } from './auth-token';

/*
 * The calls the auth state itself makes (spec section 7, Auth). They live beside the provider, not in
 * features/auth, because the header and the guards need the signed-in user on every page.
 */

/** The server answered the session check with something that is not a user (spec section 5). */
export class InvalidSessionUser extends Error {
  constructor() {
    super('Token validation failed');
    this.name = 'InvalidSessionUser';
  }
}

/** Who the current token belongs to: GET /auth/me for a web token, GET /admin/session for an admin one. */
export async function fetchSessionUser(kind: SessionKind): Promise<User> {
  // The schemas (and zod) load only for visitors with a session: the first page of everyone else stays light.
  const [data, { UserSchema }] = await Promise.all([
    api.get<{ user?: unknown }>(kind === 'admin' ? '/admin/session' : '/auth/me'),
    import('@shared/auth'),
  ]);
  const parsed = UserSchema.safeParse(data?.user);
  // Spec section 5: a payload that is not a user fails the check like a rejected token does.
  if (!parsed.success) throw new InvalidSessionUser();
  return parsed.data;
}

/**
 * POST /auth/logout with the given token. Called after the token has been forgotten locally, so the
 * header is set here rather than by the API client; any failure is ignored (spec section 4).
 */
export function revokeToken(token: string) {
  void fetch(`${API_BASE}/auth/logout`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => {});
}
