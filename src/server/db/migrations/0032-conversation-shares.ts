import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Share links of playground conversations (issue 55, decision 059). A conversation has at most one
 * link; it shows the branch that ended at `leaf_id` when it was made or last updated, so what the
 * owner says next stays private until they update the link. Deleting the conversation (or the
 * account) deletes its link.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('conversation_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().unique().references('playground_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('leaf_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('conversation_shares').execute();
}
