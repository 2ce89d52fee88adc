import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Reviews tied to real use (issue 56, decision 068). A review records the model and the prompt
 * version of the reviewer's latest completed try (both null for a buyer who never tried it), and may
 * keep a copy of one of the reviewer's own replies as a snapshot: its output (at most 4 000
 * characters, checked here), the model's name and the reply's date. The reply's id is kept without
 * a foreign key: the copy stays when the conversation is deleted.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('prompt_reviews').addColumn('used_model', 'text').execute();
  await db.schema.alterTable('prompt_reviews').addColumn('used_version', 'integer').execute();
  await db.schema.alterTable('prompt_reviews').addColumn('snapshot_message_id', 'text').execute();
  await db.schema.alterTable('prompt_reviews').addColumn('snapshot_model', 'text').execute();
  await db.schema
    .alterTable('prompt_reviews')
    .addColumn('snapshot_output', 'text', (c) =>
      c.check(sql`snapshot_output is null or length(snapshot_output) <= 4000`),
    )
    .execute();
  await db.schema.alterTable('prompt_reviews').addColumn('snapshot_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [
    'snapshot_at',
    'snapshot_output',
    'snapshot_model',
    'snapshot_message_id',
    'used_version',
    'used_model',
  ]) {
    await db.schema.alterTable('prompt_reviews').dropColumn(column).execute();
  }
}
