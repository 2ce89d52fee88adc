import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The feed the app's in-memory search index follows (decision 020). Every write that changes what
 * a search can find or answers with (a prompt added, deleted, published or unpublished, its text,
 * category, type, price or counters, or its author's name or picture) notes the prompt or the
 * author in `search_changes` under a sequence number, and `catalogue_version.search` holds the last number given. Each app
 * instance reads the number with the catalogue's version on every search; when it moved, the
 * instance reads the notes past the last it applied and reloads those prompts. Triggers, like the
 * catalogue version's (migration 0012), mean no code path has to remember to note its writes.
 *
 * The numbers must follow commit order, or a reader could see a later note before an earlier one
 * commits and skip that one for good. SQLite writes one transaction at a time, so a trigger takes
 * the next number. PostgreSQL takes it at commit (a deferred trigger), under the lock of the
 * version row, which the transaction holds until it has committed; one number per transaction.
 *
 * `search_pruned` is the highest number whose notes were deleted (see pruneSearchChanges): an
 * instance that last applied an older number rebuilds its index from the prompts.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The prompt columns a search reads or answers with (its text, filters, order and cards). */
const SEARCHED = [
  'status',
  'author_id',
  'slug',
  'title',
  'description',
  'category',
  'tags',
  'type',
  'price_minor',
  'currency',
  'likes_count',
  'views_count',
  'downloads_count',
  'rating_avg',
  'rating_count',
  'featured',
  'trending',
  'created_at',
  'published_at',
];
/** The author columns a card shows. */
const AUTHOR = ['name', 'avatar_url'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('catalogue_version')
    .addColumn('search', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalogue_version')
    .addColumn('search_pruned', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('search_changes')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('prompt_id', 'text')
    .addColumn('author_id', 'text')
    .execute();
  await db.schema.createIndex('search_changes_seq_idx').on('search_changes').column('seq').execute();

  const changed = (prefix: string) => SEARCHED.map((c) => `old.${c} is not ${prefix}new.${c}`).join(' or ');

  if (isSqlite(db)) {
    const next = 'update catalogue_version set search = search + 1 where id = 1';
    const seq = '(select search from catalogue_version where id = 1)';
    const trigger = (name: string, event: string, note: string, when = '') =>
      sql
        .raw(
          `create trigger ${name} after ${event} for each row ${when ? `when ${when}` : ''}
           begin ${next}; insert into search_changes (seq, ${note}; end`,
        )
        .execute(db);
    await trigger('search_prompt_insert', 'insert on prompts', `prompt_id) values (${seq}, new.id)`);
    await trigger('search_prompt_delete', 'delete on prompts', `prompt_id) values (${seq}, old.id)`);
    await trigger(
      'search_prompt_update',
      `update of ${SEARCHED.join(', ')} on prompts`,
      `prompt_id) values (${seq}, new.id)`,
      changed(''),
    );
    await trigger(
      'search_author',
      `update of ${AUTHOR.join(', ')} on users`,
      `author_id) values (${seq}, new.id)`,
      AUTHOR.map((c) => `old.${c} is not new.${c}`).join(' or '),
    );
    return;
  }

  await sql`create index search_changes_unnumbered_idx on search_changes (seq) where seq = 0`.execute(db);
  // Notes are written as the rows change, numbered 0; at commit the first deferred call takes the
  // transaction's number (locking the version row until the commit is done) and numbers them all.
  await sql
    .raw(
      `create function search_feed_note() returns trigger language plpgsql as $$
       begin
         if tg_table_name = 'users' then
           insert into search_changes (seq, author_id) values (0, new.id);
         elsif tg_op = 'DELETE' then
           insert into search_changes (seq, prompt_id) values (0, old.id);
         else
           insert into search_changes (seq, prompt_id) values (0, new.id);
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function search_feed_number() returns trigger language plpgsql as $$
       declare n bigint;
       begin
         if coalesce(current_setting('promptforge.search_numbered', true), '') <> '1' then
           update catalogue_version set search = search + 1 where id = 1 returning search into n;
           update search_changes set seq = n where seq = 0;
           perform set_config('promptforge.search_numbered', '1', true);
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  const trigger = (name: string, event: string, when = '') =>
    sql
      .raw(
        `create trigger ${name}_note after ${event} for each row ${when ? `when (${when})` : ''}
         execute function search_feed_note();
         create constraint trigger ${name}_number after ${event} deferrable initially deferred
         for each row ${when ? `when (${when})` : ''} execute function search_feed_number()`,
      )
      .execute(db);
  await trigger('search_prompt_rows', 'insert or delete on prompts');
  await trigger(
    'search_prompt_update',
    `update of ${SEARCHED.join(', ')} on prompts`,
    changed('distinct from '),
  );
  await trigger(
    'search_author',
    `update of ${AUTHOR.join(', ')} on users`,
    AUTHOR.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    for (const name of [
      'search_prompt_insert',
      'search_prompt_delete',
      'search_prompt_update',
      'search_author',
    ])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  } else {
    for (const [name, table] of [
      ['search_prompt_rows', 'prompts'],
      ['search_prompt_update', 'prompts'],
      ['search_author', 'users'],
    ] as const) {
      await sql.raw(`drop trigger if exists ${name}_note on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${name}_number on ${table}`).execute(db);
    }
    await sql`drop function if exists search_feed_note()`.execute(db);
    await sql`drop function if exists search_feed_number()`.execute(db);
  }
  await db.schema.dropTable('search_changes').ifExists().execute();
  await db.schema.alterTable('catalogue_version').dropColumn('search_pruned').execute();
  await db.schema.alterTable('catalogue_version').dropColumn('search').execute();
}
