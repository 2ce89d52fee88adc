import { type InferResult, type Kysely, sql } from 'kysely';
import { perTurn } from '../../db/per-turn';
import { oneOrMany, precompiled, precompiledRows } from '../../db/precompiled';
import { nowIso } from '../../lib/time';
import type { DB, NewUser } from '../../db/types';
// The current plan (billing owns the rule) and the allowance's own count (playground/allowance.ts
// owns it), as columns of this one statement.
import { currentSubscriptionIdOf, freePlanId } from '../billing/service';
import { sessionsUsedColumn } from '../playground/allowance';

/** All SQL of accounts, sessions and password resets. */

export const findUserByEmail = (db: Kysely<DB>, emailNormalized: string) =>
  db.selectFrom('users').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();

export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function insertSession(
  db: Kysely<DB>,
  s: {
    id: string;
    userId: string;
    kind: string;
    ip: string | null;
    userAgent: string | null;
    now: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      kind: s.kind,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

/** Sessions neither revoked nor expired at `now`, with their users. */
const liveSessions = (db: Kysely<DB>, now: string) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 's.kind', 's.last_seen_at', 'u.id as user_id', 'u.role', 'u.status'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now);

const liveSessionQuery = (db: Kysely<DB>, sessionId: string, now: string) =>
  liveSessions(db, now).where('s.id', '=', sessionId);

export type LiveSession = InferResult<ReturnType<typeof liveSessionQuery>>[number];

/**
 * Looks up a session with its user, if the session is neither revoked nor expired. The query is
 * built and compiled once: per request, Kysely's building and compiling cost more than SQLite takes
 * to run it. Only the two parameters change between calls.
 */
export const liveSessionFinder = (db: Kysely<DB>) =>
  precompiled<[sessionId: string, now: string], LiveSession>(db, 2, (sessionId, now) =>
    liveSessionQuery(db, sessionId, now),
  );

/**
 * liveSessionFinder for PostgreSQL: the sessions asked for in one turn of the event loop are read
 * together, in one statement sent after all of them were asked for (perTurn). Each request still
 * sees its session as the database has it after the request arrived; concurrent requests share the
 * round trip. Expiry is judged at the time of the read (the caller's `now` is a moment earlier). On
 * SQLite a read is a call into the same process, cheaper than the wait for a turn.
 */
export const liveSessionBatcher = (
  db: Kysely<DB>,
): ((sessionId: string, now: string) => Promise<LiveSession | undefined>) => {
  // One text for any number of sessions (PostgreSQL's `= any($1)` rather than `in ($1, $2, ...)`),
  // so that PostgreSQL keeps it prepared.
  const read = precompiledRows<[ids: string[], now: string], LiveSession>(db, 2, (ids, now) =>
    liveSessions(db, now).where(sql<boolean>`${sql.ref('s.id')} = any(${ids})`),
  );
  const one = liveSessionFinder(db);
  return perTurn<string, LiveSession>(async (ids) => {
    const now = nowIso();
    const rows = await oneOrMany(
      ids,
      (id) => one(id, now),
      (all) => read(all, now),
    );
    return new Map(rows.map((row) => [row.session_id, row]));
  });
};

export async function touchSession(
  db: Kysely<DB>,
  sessionId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db.updateTable('auth_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
  await db.updateTable('users').set({ last_active_at: now }).where('id', '=', userId).execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keep` when given. */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: string,
  now: string,
  keep?: string,
): Promise<void> {
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
}

export async function updatePasswordHash(
  db: Kysely<DB>,
  userId: string,
  hash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function insertPasswordReset(
  db: Kysely<DB>,
  r: { id: string; userId: string; tokenHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: r.id,
      user_id: r.userId,
      token_hash: r.tokenHash,
      created_at: r.now,
      expires_at: r.expiresAt,
    })
    .execute();
}

export const findPasswordReset = (db: Kysely<DB>, tokenHash: string) =>
  db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Marks a reset token used; false when another request used it first. */
export async function consumePasswordReset(db: Kysely<DB>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * What a signed-in user's answer shows, in one statement: the user's row, the current subscription
 * with its plan and the free plan (as billing's current-plan rule picks them), the
 * playground sessions taken in `month` (the allowance's own count) and the prompts written. On PostgreSQL each statement
 * is a round trip and its client's work: these were five.
 */
const accountSummaries = (db: Kysely<DB>, now: string, month: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('subscriptions as s', (join) =>
      join.on((eb) => eb('s.id', '=', currentSubscriptionIdOf(eb.ref('u.id'), now))),
    )
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .leftJoin('plans as f', (join) => join.on((eb) => eb('f.id', '=', freePlanId())))
    .selectAll('u')
    .select((eb) => [
      's.status as subscription_status',
      's.plan_id',
      'p.name as plan_name',
      'p.session_limit',
      'f.id as free_plan_id',
      'f.name as free_plan_name',
      'f.session_limit as free_session_limit',
      sessionsUsedColumn('u.id', month).as('sessions'),
      eb
        .selectFrom('prompts as w')
        .select((c) => c.fn.countAll().as('n'))
        .whereRef('w.author_id', '=', 'u.id')
        .as('prompts'),
    ]);

export type AccountSummary = InferResult<ReturnType<typeof accountSummaries>>[number];

/**
 * What the signed-in user's answer reads (`/api/auth/me` on every page load of a signed-in user,
 * and every sign-in), compiled once (Kysely's building of small queries costs more than running
 * them).
 */
export const accountSummaryFinder = (db: Kysely<DB>) =>
  precompiled<[userId: string, now: string, month: string], AccountSummary>(db, 3, (userId, now, month) =>
    accountSummaries(db, now, month).where('u.id', '=', userId),
  );

/**
 * accountSummaryFinder for PostgreSQL: the summaries asked for in one turn of the event loop are
 * read together, in one statement sent after all of them were asked for (perTurn), as the sessions
 * are (liveSessionBatcher). `now` and `month` are taken when the statement is sent.
 */
export const accountSummaryBatcher = (
  db: Kysely<DB>,
  month: () => string,
): ((userId: string) => Promise<AccountSummary | undefined>) => {
  const read = precompiledRows<[ids: string[], now: string, month: string], AccountSummary>(
    db,
    3,
    (ids, now, from) => accountSummaries(db, now, from).where(sql<boolean>`${sql.ref('u.id')} = any(${ids})`),
  );
  const one = accountSummaryFinder(db);
  return perTurn<string, AccountSummary>(async (ids) => {
    const [now, from] = [nowIso(), month()];
    const rows = await oneOrMany(
      ids,
      (id) => one(id, now, from),
      (all) => read(all, now, from),
    );
    return new Map(rows.map((row) => [row.id, row]));
  });
};

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function promoteToAdmin(db: Kysely<DB>, userId: string, hash: string | null, now: string) {
  await db
    .updateTable('users')
    .set({ role: 'admin', status: 'active', updated_at: now, ...(hash ? { password_hash: hash } : {}) })
    .where('id', '=', userId)
    .execute();
}
