import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of conversations' share links (migration 0032). */

export const findShareOfSession = (db: Kysely<DB>, sessionId: string, userId: string) =>
  db
    .selectFrom('conversation_shares')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export type ShareRow = NonNullable<Awaited<ReturnType<typeof findShareOfSession>>>;

/** A link with its conversation's title and the marketplace prompt it tried, while that is published. */
export const findShare = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('conversation_shares as c')
    .innerJoin('playground_sessions as s', 's.id', 'c.session_id')
    .leftJoin('prompts as p', (join) =>
      join.onRef('p.id', '=', 's.prompt_id').on('p.status', '=', 'published'),
    )
    .select([
      'c.id',
      'c.session_id',
      'c.leaf_id',
      'c.updated_at',
      's.title',
      'p.id as prompt_id',
      'p.title as prompt_title',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();

/** Makes the session's link, or moves it to `leafId`; the stored row either way. */
export async function upsertShare(db: Kysely<DB>, row: ShareRow): Promise<void> {
  await db
    .insertInto('conversation_shares')
    .values(row)
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({ leaf_id: row.leaf_id, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteShare(db: Kysely<DB>, sessionId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('conversation_shares')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
