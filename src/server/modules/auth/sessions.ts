import type { Kysely } from 'kysely';
import type { AuthResult } from '../../../shared/auth';
import type { Engine } from '../../db/database';
import type { DB, UserRow } from '../../db/types';
import { newId, nowIso } from '../../lib/time';
import { toUser } from './current-user';
import type { AuthRuntime, ClientContext } from './deps';
import * as repo from './repository';
import type { Audience } from './tokens';

/** Signs a token and stores its session row (with `executor`, inside the caller's transaction). */
export async function createSession(
  deps: Pick<AuthRuntime, 'tokens' | 'config'>,
  executor: Kysely<DB>,
  user: UserRow,
  audience: Audience,
  ctx: ClientContext,
  ttlSeconds = deps.config.sessionTtlSeconds,
): Promise<string> {
  const sessionId = newId();
  const now = nowIso();
  const { token, expiresAt } = await deps.tokens.sign({ userId: user.id, sessionId, audience }, ttlSeconds);
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

/** A new session of a user who just proved who they are, with their answer. */
export async function startSession(
  deps: AuthRuntime,
  user: UserRow,
  audience: Audience,
  ctx: ClientContext,
  ttlSeconds = deps.config.sessionTtlSeconds,
): Promise<AuthResult> {
  const token = await createSession(deps, deps.db, user, audience, ctx, ttlSeconds);
  return { token, user: await toUser(deps, user) };
}

export async function logout(deps: Pick<AuthRuntime, 'db'>, sessionId: string): Promise<void> {
  await repo.revokeSession(deps.db, sessionId, nowIso());
}

/**
 * A session still live at `now` (not revoked, not expired) with its user's role and status, for the
 * auth plugin on every signed-in request. On PostgreSQL the sessions asked for in one turn of the
 * event loop are read by one statement.
 */
export const liveSessionReader = (db: Kysely<DB>, engine: Engine) =>
  engine === 'postgres' ? repo.liveSessionBatcher(db) : repo.liveSessionFinder(db);

export type { LiveSession } from './repository';

/** Marks a session used (and its user active) at `now`. */
export const touchSession = repo.touchSession;

/** Ends every sign-in of a user at once (suspension, a role change, a deleted account, a reset). */
export const revokeUserSessions = repo.revokeUserSessions;
