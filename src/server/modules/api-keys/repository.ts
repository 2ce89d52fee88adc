import type { Insertable, Kysely } from 'kysely';
import type { ApiKeysTable, DB } from '../../db/types';

/** All SQL of API keys (issue 59). */

type Db = Kysely<DB>;

export const insertKey = (db: Db, row: Insertable<ApiKeysTable>) =>
  db.insertInto('api_keys').values(row).execute();

export const listKeys = (db: Db, userId: string) =>
  db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const countActiveKeys = async (db: Db, userId: string, now: string) =>
  Number(
    (
      await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Revokes one of the user's keys; false when it is not theirs or was revoked already. */
export const revokeKey = async (db: Db, userId: string, id: string, now: string) =>
  Number(
    (
      await db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

export const findKey = (db: Db, userId: string, id: string) =>
  db.selectFrom('api_keys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** The key a token names, with its user's role and status, while it is neither revoked nor expired. */
export const findLiveKeyByHash = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.scopes', 'k.last_used_at', 'u.role', 'u.status'])
    .where('k.token_hash', '=', tokenHash)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', now)
    .executeTakeFirst();

export const touchKey = (db: Db, id: string, now: string) =>
  db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();

export const planApiAccess = async (db: Db, planId: string) =>
  (await db.selectFrom('plans').select('api_access').where('id', '=', planId).executeTakeFirst())
    ?.api_access === 1;
