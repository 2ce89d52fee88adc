import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Versions people can see, and the notifications centre (issue 57, decision 055).
 *
 * A prompt's row is its newest version; prompt_versions keeps the earlier ones (as since 0005).
 * Each version now carries its changelog note and the time it became the newest (`made_at` on a
 * kept version, `version_at` on the prompt; null on the prompt means its creation). Kept versions
 * made before this migration are dated by the edit that followed the one before them.
 *
 * notifications: one row per notice; (user_id, event_key) is unique, so an event notifies each
 * user once however often it is reported. users.email_on_updates: the opt-in to an e-mail when a
 * prompt the user bought or liked gets a new version (off by default).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('prompts').addColumn('version_note', 'text').execute();
  await db.schema.alterTable('prompts').addColumn('version_at', 'text').execute();
  await db.schema.alterTable('prompt_versions').addColumn('note', 'text').execute();
  await db.schema.alterTable('prompt_versions').addColumn('made_at', 'text').execute();
  await sql`
    update prompt_versions set made_at = coalesce(
      (select earlier.created_at from prompt_versions earlier
        where earlier.prompt_id = prompt_versions.prompt_id and earlier.version = prompt_versions.version - 1),
      (select p.created_at from prompts p where p.id = prompt_versions.prompt_id))
  `.execute(db);
  await sql`
    update prompts set version_at =
      (select max(v.created_at) from prompt_versions v where v.prompt_id = prompts.id)
    where exists (select 1 from prompt_versions v where v.prompt_id = prompts.id)
  `.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('email_on_updates', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('notifications_once_per_event', ['user_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_on_updates').execute();
  await db.schema.alterTable('prompt_versions').dropColumn('made_at').execute();
  await db.schema.alterTable('prompt_versions').dropColumn('note').execute();
  await db.schema.alterTable('prompts').dropColumn('version_at').execute();
  await db.schema.alterTable('prompts').dropColumn('version_note').execute();
}
