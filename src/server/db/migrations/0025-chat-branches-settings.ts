import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The playground's chat becomes a tree with settings (issue 55, decision 051).
 *
 * - `playground_messages.parent_id`: the message a message follows (null: the first of its session).
 *   A regenerated reply is a sibling of the reply it replaces; an edited user message a sibling of
 *   the message it edits. Existing conversations are one branch: each message's parent is the one
 *   before it.
 * - `playground_messages.finish_reason`: why the model stopped ('length' when the reply length
 *   limit cut it, which is what Continue offers to go on from).
 * - `playground_sessions.leaf_id`: the last message of the branch the conversation shows; the
 *   branch is read back from it by parent ids.
 * - `playground_sessions.settings`: JSON of the session's system prompt, temperature and reply
 *   length limit; `pinned_at` when the user pinned it; `compare_id` groups the sessions one compare
 *   started (one per model column).
 * - `playground_presets`: a user's saved starting points (name, model, settings).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playground_messages').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('playground_messages').addColumn('finish_reason', 'text').execute();
  await db.schema.alterTable('playground_sessions').addColumn('leaf_id', 'text').execute();
  await db.schema
    .alterTable('playground_sessions')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('playground_sessions').addColumn('pinned_at', 'text').execute();
  await db.schema.alterTable('playground_sessions').addColumn('compare_id', 'text').execute();

  // Each existing message follows the one before it in its session; the session shows its last.
  await sql`
    update playground_messages set parent_id = (
      select p.id from playground_messages p
      where p.session_id = playground_messages.session_id
        and (p.created_at < playground_messages.created_at
          or (p.created_at = playground_messages.created_at and p.id < playground_messages.id))
      order by p.created_at desc, p.id desc
      limit 1
    )`.execute(db);
  await sql`
    update playground_sessions set leaf_id = (
      select m.id from playground_messages m
      where m.session_id = playground_sessions.id
      order by m.created_at desc, m.id desc
      limit 1
    )`.execute(db);

  await db.schema
    .createIndex('playground_messages_parent_idx')
    .on('playground_messages')
    .columns(['session_id', 'parent_id'])
    .execute();
  await db.schema
    .createIndex('playground_sessions_compare_idx')
    .on('playground_sessions')
    .column('compare_id')
    .where(sql.ref('compare_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('playground_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('playground_presets_user_name', ['user_id', 'name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('playground_presets').execute();
  await db.schema.dropIndex('playground_sessions_compare_idx').execute();
  await db.schema.dropIndex('playground_messages_parent_idx').execute();
  for (const column of ['compare_id', 'pinned_at', 'settings', 'leaf_id']) {
    await db.schema.alterTable('playground_sessions').dropColumn(column).execute();
  }
  for (const column of ['finish_reason', 'parent_id']) {
    await db.schema.alterTable('playground_messages').dropColumn(column).execute();
  }
}
