import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';

/**
 * All SQL of the allowance ledger (migration 0019): slots and premium tries taken; and of the teams'
 * playground pools (migration 0035). A user's own count is of slots not drawn from a team's pool.
 */

export type EntryKind = 'session' | 'try';

export async function countSessionsInMonth(db: Kysely<DB>, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('allowance_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .where('month', '=', month)
    .where('team_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The sessions each of these users took in `month`; users with none are absent. */
export async function countSessionsInMonthByUser(
  db: Kysely<DB>,
  userIds: string[],
  month: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('allowance_entries')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .where('kind', '=', 'session')
    .where('month', '=', month)
    .where('team_id', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/**
 * The same count as a column of a query that reads the user at `userIdRef` (the account summary
 * reads everything a signed-in page needs in one statement).
 */
export const sessionsInMonthColumn = (userIdRef: string, month: string) =>
  sql<
    number | string
  >`(select count(*) from allowance_entries ae where ae.user_id = ${sql.ref(userIdRef)} and ae.kind = 'session' and ae.month = ${month} and ae.team_id is null)`;

export async function countTries(db: Kysely<DB>, userId: string, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('allowance_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('prompt_id', '=', promptId)
    .where('kind', '=', 'try')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a session holds: its slot, its try. */
export async function entriesOfSession(db: Kysely<DB>, sessionId: string): Promise<Set<EntryKind>> {
  const rows = await db
    .selectFrom('allowance_entries')
    .select('kind')
    .where('session_id', '=', sessionId)
    .execute();
  return new Set(rows.map((r) => r.kind as EntryKind));
}

/** Writes an entry unless the session holds one of its kind already; true when this call wrote it. */
export async function insertEntry(
  db: Kysely<DB>,
  e: {
    sessionId: string;
    kind: EntryKind;
    userId: string;
    promptId: string | null;
    month: string;
    teamId: string | null;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('allowance_entries')
    .values({
      session_id: e.sessionId,
      kind: e.kind,
      user_id: e.userId,
      prompt_id: e.promptId,
      month: e.month,
      team_id: e.teamId,
      created_at: e.now,
    })
    .onConflict((oc) => oc.columns(['session_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the session's entries of these kinds; answers the team and month of each slot drawn from a pool. */
export async function deleteEntries(
  db: Kysely<DB>,
  sessionId: string,
  kinds: EntryKind[],
): Promise<{ team_id: string | null; month: string }[]> {
  if (kinds.length === 0) return [];
  return db
    .deleteFrom('allowance_entries')
    .where('session_id', '=', sessionId)
    .where('kind', 'in', kinds)
    .returning(['team_id', 'month'])
    .execute();
}

/**
 * Draws one session from a team's pool of `month`: the month's row is made at `size` if missing,
 * then `used` goes up by one only when the result stays within `size` (the pool's size now, which
 * the row takes). The table's CHECK (0 <= used <= size) holds the database to the same. True when
 * drawn.
 */
export async function drawFromPool(db: Kysely<DB>, teamId: string, month: string, size: number) {
  await db
    .insertInto('team_pool_months')
    .values({ team_id: teamId, month, used: 0, size })
    .onConflict((oc) => oc.columns(['team_id', 'month']).doNothing())
    .execute();
  const result = await db
    .updateTable('team_pool_months')
    .set({ used: sql`used + 1`, size })
    .where('team_id', '=', teamId)
    .where('month', '=', month)
    .where(sql<boolean>`used + 1 <= ${size}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives one session back to a team's pool (a failed first reply drawn from it). */
export async function releaseToPool(db: Kysely<DB>, teamId: string, month: string) {
  await db
    .updateTable('team_pool_months')
    .set({ used: sql`used - 1` })
    .where('team_id', '=', teamId)
    .where('month', '=', month)
    .where('used', '>', 0)
    .execute();
}

/** Sessions drawn from each of these teams' pools in `month`; teams with none are absent. */
export async function poolsUsed(
  db: Kysely<DB>,
  teamIds: string[],
  month: string,
): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_pool_months')
    .select(['team_id', 'used'])
    .where('team_id', 'in', teamIds)
    .where('month', '=', month)
    .execute();
  return new Map(rows.map((r) => [r.team_id, Number(r.used)]));
}

/** Sessions each user drew from the team's pool in `month` (present and former members alike). */
export async function poolUseByUser(db: Kysely<DB>, teamId: string, month: string) {
  const rows = await db
    .selectFrom('allowance_entries')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('team_id', '=', teamId)
    .where('kind', '=', 'session')
    .where('month', '=', month)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/**
 * Serializes a user's allowance checks: on PostgreSQL the user's row is locked for the transaction;
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockUser(db: Kysely<DB>, engine: Engine, userId: string): Promise<void> {
  if (engine === 'postgres') {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  } else {
    // Take SQLite's write lock now, so the count that follows cannot go stale before the write.
    await db
      .updateTable('users')
      .set({ updated_at: sql`updated_at` })
      .where('id', '=', userId)
      .execute();
  }
}
