import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Verified examples (issue 56, decision 069): runs a creator picks to show on the listing, each a
 * copy the server made of a stored run: one of the prompt's test runs (`source` 'test') or one of
 * the creator's own replies in a playground session of the prompt ('playground'). `source_id` is that
 * run's or reply's id, without a foreign key: the copy stays when the conversation is deleted.
 *
 * The database holds the rules it can: a run is shown once per prompt (unique prompt, source,
 * source_id), a prompt shows at most 5 (its examples take the places 1 to 5, each once), and the
 * copied texts are bounded. An example is shown on the prompt's page, so a change moves the
 * catalogue's `content` version as a review does (migration 0017), and cached pages are built again.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;
const bumpContent = 'update catalogue_version set content = content + 1 where id = 1';
const EVENTS = ['insert', 'update', 'delete'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prompt_examples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('test', 'playground')`))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 5`))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'integer')
    .addColumn('variables', 'text', (c) =>
      c
        .notNull()
        .defaultTo('{}')
        .check(sql`length(variables) <= 12000`),
    )
    .addColumn('input', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(input) <= 4000`),
    )
    .addColumn('output', 'text', (c) => c.notNull().check(sql`length(output) between 1 and 4000`))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('prompt_examples_run', ['prompt_id', 'source', 'source_id'])
    .addUniqueConstraint('prompt_examples_place', ['prompt_id', 'position'])
    .execute();

  for (const event of EVENTS) {
    await sql
      .raw(
        isSqlite(db)
          ? `create trigger catalogue_example_${event} after ${event} on prompt_examples
             begin ${bumpContent}; end`
          : `create constraint trigger catalogue_example_${event} after ${event} on prompt_examples
             deferrable initially deferred for each row execute function catalogue_bump_content()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const event of EVENTS) {
    await sql
      .raw(`drop trigger if exists catalogue_example_${event}${isSqlite(db) ? '' : ' on prompt_examples'}`)
      .execute(db);
  }
  await db.schema.dropTable('prompt_examples').execute();
}
