import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Team workspaces (issue 59, decision 060).
 *
 * - `teams`: a named workspace; who made it is kept for the record.
 * - `team_members`: one row per member with a role; `user_id` is unique, so a user is in one team at
 *   most. Deleting the team or the account deletes the row.
 * - `team_invitations`: an e-mail invited with a role, by the SHA-256 of a random token (the token is
 *   only in the mailed link), until it expires, is accepted or is withdrawn.
 * - `prompts.team_id`: a prompt shared with a team, read by its members only. Its CHECK keeps such a
 *   prompt out of the public marketplace: it can never be published (SQLite and PostgreSQL both take
 *   a CHECK in ADD COLUMN; it names `status` too, which both allow).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('team_invitations_team_idx')
    .on('team_invitations')
    .columns(['team_id', 'email_normalized'])
    .execute();

  await db.schema
    .alterTable('prompts')
    .addColumn('team_id', 'text', (c) =>
      c
        .references('teams.id')
        .onDelete('set null')
        .check(sql`team_id is null or status <> 'published'`),
    )
    .execute();
  await db.schema.createIndex('prompts_team_idx').on('prompts').column('team_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('prompts_team_idx').execute();
  await db.schema.alterTable('prompts').dropColumn('team_id').execute();
  await db.schema.dropTable('team_invitations').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
}
