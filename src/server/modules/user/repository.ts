import { type Kysely, sql } from 'kysely';
import type { DB, UserUpdate } from '../../db/types';

export const findSettingsRow = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_normalized', 'theme', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();

export const emailTakenByOther = async (db: Kysely<DB>, emailNormalized: string, userId: string) =>
  Boolean(
    await db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', emailNormalized)
      .where('id', '!=', userId)
      .executeTakeFirst(),
  );

export async function updateUser(db: Kysely<DB>, userId: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/**
 * Deletes the account; sessions, prompts, likes, reviews, playground history cascade with it. The
 * prompts the user liked or reviewed first give those up: their like counts and rating totals are
 * kept with the rows (marketplace/repository.ts), and the cascade would leave the rows' share in
 * them (a review count naming a review nobody can read, an average weighing it). Downloads stay
 * counted: a download happened, where a like or a review is what a person says now.
 */
export async function deleteUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('prompts')
      .set({ likes_count: sql`case when likes_count > 0 then likes_count - 1 else 0 end` })
      .where('id', 'in', (eb) =>
        eb.selectFrom('prompt_likes').select('prompt_id').where('user_id', '=', userId),
      )
      .execute();
    // Every SET expression reads the row as it was, so the average is the new sum over the new count.
    const theirRating = sql<number>`(select r.rating from prompt_reviews r where r.prompt_id = prompts.id and r.user_id = ${userId})`;
    await trx
      .updateTable('prompts')
      .set({
        rating_sum: sql`rating_sum - ${theirRating}`,
        rating_count: sql`rating_count - 1`,
        rating_avg: sql`case when rating_count <= 1 then 0 else cast(rating_sum - ${theirRating} as double precision) / (rating_count - 1) end`,
      })
      .where('id', 'in', (eb) =>
        eb.selectFrom('prompt_reviews').select('prompt_id').where('user_id', '=', userId),
      )
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
