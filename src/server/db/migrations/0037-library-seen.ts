import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * "My library"'s updated badge (issue 57, decision 066): the newest version of each prompt in a
 * user's library that the user opened (its page, or its changes). One row per user and prompt;
 * the version only moves forward (the library's service writes it). Deleting either deletes it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('library_seen')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_seen_pk', ['user_id', 'prompt_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('library_seen').execute();
}
