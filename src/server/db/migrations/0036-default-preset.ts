import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The admin's default chat preset (issue 55, decision 065): the name, model and session settings a
 * new chat starts from for a user who has not picked a preset of their own. One for the site: the
 * CHECK allows a single row. Deleting the admin who set it keeps it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('playground_default_preset')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('playground_default_preset_one', sql`id = 'default'`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('playground_default_preset').execute();
}
