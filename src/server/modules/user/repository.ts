import type { Kysely } from 'kysely';
import type { DB, UserUpdate } from '../../db/types';

export const findSettingsRow = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_normalized', 'theme', 'password_hash', 'email_on_updates'])
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

/** Deletes the account; sessions, prompts, likes, reviews, playground history cascade with it. */
export async function deleteUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
