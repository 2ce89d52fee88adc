import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool } from 'kysely';
import type { ApiKeysTable, DB } from '../../db/types';

/** All SQL of API keys (issue 59): a user's own keys (team_id null) and a team's (decision 071). */

type Db = Kysely<DB>;

/** Whose keys: a user's own, or a team's. */
export type Holder = { userId: string } | { teamId: string };

/** The filter on `api_keys as k` that keeps the holder's keys: a user's own keys are never a team's. */
const holderIs =
  (holder: Holder) =>
  (eb: ExpressionBuilder<{ k: ApiKeysTable }, 'k'>): Expression<SqlBool> =>
    'teamId' in holder
      ? eb('k.team_id', '=', holder.teamId)
      : eb.and([eb('k.user_id', '=', holder.userId), eb('k.team_id', 'is', null)]);

export const insertKey = (db: Db, row: Insertable<ApiKeysTable>) =>
  db.insertInto('api_keys').values(row).execute();

const keys = (db: Db) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    // The creator's role in the key's team now (a team key acts only while they manage it).
    .leftJoin('team_members as m', (j) =>
      j.onRef('m.team_id', '=', 'k.team_id').onRef('m.user_id', '=', 'k.user_id'),
    )
    .selectAll('k')
    .select(['u.name as creator_name', 'm.role as team_role']);

export type KeyRow = Awaited<ReturnType<ReturnType<typeof keys>['execute']>>[number];

export const listKeys = (db: Db, holder: Holder) =>
  keys(db).where(holderIs(holder)).orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();

export const findKey = (db: Db, holder: Holder, id: string) =>
  keys(db).where(holderIs(holder)).where('k.id', '=', id).executeTakeFirst();

export const countActiveKeys = async (db: Db, holder: Holder, now: string) =>
  Number(
    (
      await db
        .selectFrom('api_keys as k')
        .where(holderIs(holder))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('k.revoked_at', 'is', null)
        .where('k.expires_at', '>', now)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Revokes one of the holder's keys; false when it is not theirs or was revoked already. */
export const revokeKey = async (db: Db, holder: Holder, id: string, now: string) =>
  Number(
    (
      await db
        .updateTable('api_keys as k')
        .set({ revoked_at: now })
        .where('k.id', '=', id)
        .where(holderIs(holder))
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

/**
 * The key a token names, with its user's role and status and, for a team key, its creator's role in
 * the team now, while it is neither revoked nor expired.
 */
export const findLiveKeyByHash = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('team_members as m', (j) =>
      j.onRef('m.team_id', '=', 'k.team_id').onRef('m.user_id', '=', 'k.user_id'),
    )
    .select([
      'k.id',
      'k.user_id',
      'k.team_id',
      'k.scopes',
      'k.last_used_at',
      'u.role',
      'u.status',
      'm.role as team_role',
    ])
    .where('k.token_hash', '=', tokenHash)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', now)
    .executeTakeFirst();

export const touchKey = (db: Db, id: string, now: string) =>
  db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();

export const planApiAccess = async (db: Db, planId: string) =>
  (await db.selectFrom('plans').select('api_access').where('id', '=', planId).executeTakeFirst())
    ?.api_access === 1;
