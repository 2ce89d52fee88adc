import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Team API keys (issue 59, decision 071): `api_keys.team_id` names the team a key acts for (null: a
 * user's own key). It cascades from `teams`, so deleting a team deletes its keys in the same
 * statement and they stop working at once. SQLite takes a REFERENCES clause in ADD COLUMN when the
 * column's default is null, so no table is rebuilt.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('team_id', 'text', (c) => c.references('teams.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('api_keys_team_idx').on('api_keys').column('team_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('api_keys_team_idx').execute();
  await db.schema.alterTable('api_keys').dropColumn('team_id').execute();
}
