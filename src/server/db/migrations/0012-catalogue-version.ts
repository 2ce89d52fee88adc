import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The public catalogue's data version, kept by triggers (decision 010). Marketplace answers are
 * cached by version; any write that changes what they show moves `content`, and a write that
 * changes which prompts a filter lists (a new, deleted, published or recategorised prompt) also
 * moves `membership`, which keys the cached totals. Triggers, like the search index's (decision
 * 005), mean no code path has to remember to invalidate, and the version lives in the database
 * every app instance shares.
 *
 * Plus indexes for the sorts migrations 0003 and 0011 left without one (see INDEXES).
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/*
 * Every sort's full ORDER BY (its terms, then newest first and the id) behind `status`, alone and
 * after `category`, so a page is read in order and stops at 50. A filter on `type` (two values)
 * walks the same index and skips about half. SQLite and PostgreSQL both read an index backwards
 * but not in mixed directions, hence the `desc` tie-breaks of the low-price index.
 */
const INDEXES: [string, string[]][] = [
  ['prompts_rating_full_idx', ['status', 'rating_avg', 'rating_count', 'created_at', 'id']],
  ['prompts_popular_full_idx', ['status', 'likes_count', 'views_count', 'created_at', 'id']],
  ['prompts_downloads_full_idx', ['status', 'downloads_count', 'created_at', 'id']],
  ['prompts_trending_full_idx', ['status', 'trending', 'trending_score', 'created_at', 'id']],
  ['prompts_price_high_idx', ['status', 'price_minor', 'created_at', 'id']],
  ['prompts_price_low_idx', ['status', 'price_minor', 'created_at desc', 'id desc']],
  ['prompts_cat_popular_idx', ['status', 'category', 'likes_count', 'views_count', 'created_at', 'id']],
  ['prompts_cat_downloads_idx', ['status', 'category', 'downloads_count', 'created_at', 'id']],
  ['prompts_cat_featured_idx', ['status', 'category', 'featured', 'created_at', 'id']],
  ['prompts_cat_trending_idx', ['status', 'category', 'trending', 'trending_score', 'created_at', 'id']],
  ['prompts_cat_price_high_idx', ['status', 'category', 'price_minor', 'created_at', 'id']],
  ['prompts_cat_price_low_idx', ['status', 'category', 'price_minor', 'created_at desc', 'id desc']],
];

/** Migration 0003's single-term sort indexes, which the ones above make redundant. */
const SUPERSEDED: [string, string[]][] = [
  ['prompts_popular_idx', ['status', 'likes_count']],
  ['prompts_downloads_idx', ['status', 'downloads_count']],
  ['prompts_rating_idx', ['status', 'rating_avg']],
  ['prompts_trending_idx', ['status', 'trending', 'trending_score']],
  ['prompts_price_idx', ['status', 'price_minor']],
];

/** Columns of `prompts` no marketplace answer shows: updating only these does not move the version. */
const MEMBERSHIP = ['status', 'category', 'type'];
/** Author columns the cards and prompt pages show. */
const AUTHOR = ['name', 'avatar_url', 'bio'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('content', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('membership', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalogue_version (id, content, membership) values (1, 0, 0)`.execute(db);

  const bumpBoth =
    'update catalogue_version set content = content + 1, membership = membership + 1 where id = 1';
  const bumpContent = 'update catalogue_version set content = content + 1 where id = 1';

  if (isSqlite(db)) {
    const trigger = (name: string, event: string, body: string, when = '') =>
      sql
        .raw(
          `create trigger ${name} after ${event} ${when ? `for each row when ${when}` : ''} begin ${body}; end`,
        )
        .execute(db);
    await trigger('catalogue_prompt_insert', 'insert on prompts', bumpBoth);
    await trigger('catalogue_prompt_delete', 'delete on prompts', bumpBoth);
    await trigger(
      'catalogue_prompt_membership',
      `update of ${MEMBERSHIP.join(', ')} on prompts`,
      bumpBoth,
      MEMBERSHIP.map((c) => `old.${c} is not new.${c}`).join(' or '),
    );
    // Any other change to a prompt row (counters, text, flags) changes what some answer shows.
    await trigger(
      'catalogue_prompt_content',
      'update on prompts',
      bumpContent,
      MEMBERSHIP.map((c) => `old.${c} is new.${c}`).join(' and '),
    );
    await trigger(
      'catalogue_author',
      `update of ${AUTHOR.join(', ')} on users`,
      bumpContent,
      AUTHOR.map((c) => `old.${c} is not new.${c}`).join(' or '),
    );
  } else {
    // Deferred to commit: the version row is locked last and only while committing, so writers
    // never wait on it while holding prompt rows (no deadlock), and the new version is visible
    // together with the data it describes.
    // Once per transaction (a transaction-local flag): a bulk write of many rows moves the version
    // once, instead of updating the one row again per changed row (quadratic at commit).
    await sql
      .raw(
        `create function catalogue_bump_both() returns trigger language plpgsql as $$
         begin
           if coalesce(current_setting('promptforge.catalogue_both', true), '') <> '1' then
             ${bumpBoth};
             perform set_config('promptforge.catalogue_both', '1', true);
             perform set_config('promptforge.catalogue_content', '1', true);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function catalogue_bump_content() returns trigger language plpgsql as $$
         begin
           if coalesce(current_setting('promptforge.catalogue_content', true), '') <> '1' then
             ${bumpContent};
             perform set_config('promptforge.catalogue_content', '1', true);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    const trigger = (name: string, event: string, fn: string, when = '') =>
      sql
        .raw(
          `create constraint trigger ${name} after ${event} deferrable initially deferred
           for each row ${when ? `when (${when})` : ''} execute function ${fn}()`,
        )
        .execute(db);
    await trigger('catalogue_prompt_rows', 'insert or delete on prompts', 'catalogue_bump_both');
    await trigger(
      'catalogue_prompt_membership',
      `update of ${MEMBERSHIP.join(', ')} on prompts`,
      'catalogue_bump_both',
      MEMBERSHIP.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
    );
    await trigger(
      'catalogue_prompt_content',
      'update on prompts',
      'catalogue_bump_content',
      MEMBERSHIP.map((c) => `old.${c} is not distinct from new.${c}`).join(' and '),
    );
    await trigger(
      'catalogue_author',
      `update of ${AUTHOR.join(', ')} on users`,
      'catalogue_bump_content',
      AUTHOR.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
    );
  }

  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('prompts').columns(columns).execute();
  }
  for (const [name] of SUPERSEDED) await db.schema.dropIndex(name).ifExists().execute();
  await refreshStatistics(db);
}

/**
 * SQLite plans by the statistics ANALYZE last stored: on a database that has them, new indexes
 * without them look cheaper than they are (a page of 50 was read through the wrong index and
 * sorted), so they are refreshed. PostgreSQL plans from column statistics it keeps by itself.
 */
async function refreshStatistics(db: AnyDb) {
  if (!isSqlite(db)) return;
  const stats = await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (stats.rows.length > 0) await sql`analyze prompts`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  for (const [name, columns] of SUPERSEDED) {
    await db.schema.createIndex(name).on('prompts').columns(columns).execute();
  }
  await refreshStatistics(db);
  if (isSqlite(db)) {
    for (const name of [
      'catalogue_prompt_insert',
      'catalogue_prompt_delete',
      'catalogue_prompt_membership',
      'catalogue_prompt_content',
      'catalogue_author',
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  } else {
    await sql`drop trigger if exists catalogue_prompt_rows on prompts`.execute(db);
    await sql`drop trigger if exists catalogue_prompt_membership on prompts`.execute(db);
    await sql`drop trigger if exists catalogue_prompt_content on prompts`.execute(db);
    await sql`drop trigger if exists catalogue_author on users`.execute(db);
    await sql`drop function if exists catalogue_bump_both()`.execute(db);
    await sql`drop function if exists catalogue_bump_content()`.execute(db);
  }
  await db.schema.dropTable('catalogue_version').ifExists().execute();
}
