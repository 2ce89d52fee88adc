import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The admin panel: an audit log of every admin action (who, what, when, before and after); an admin's
 * pin on a prompt's trending badge, which the periodic trending refresh must respect (null: computed);
 * TOTP two-factor for admin sign-in.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();

  await db.schema.alterTable('prompts').addColumn('trending_pinned', 'integer').execute();

  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('totp_enabled_at').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
  await db.schema.alterTable('prompts').dropColumn('trending_pinned').execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
}
