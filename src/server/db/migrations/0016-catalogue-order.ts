import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * What orders the catalogue's lists, as versions next to migration 0012's (decision 010). A page of
 * an unsearched list is a set of ids in an order; its ids change only when a prompt joins or leaves
 * the list (`membership`) or a column its sort orders by changes. Two more counters say when:
 * `popularity` moves with a change of likes or views (the popular sort), `standing` with a change
 * of any other sort column (rating, downloads, the featured and trending flags and score, the
 * price). The created order is made part of membership: a changed `created_at` (no code path writes
 * it, but a script may) moves `membership`, so the newest-first lists depend on membership alone.
 * So a like re-reads the ids of popular pages only; every page still shows the like at once, since
 * the cards are read at the `content` version as before.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const POPULARITY = ['likes_count', 'views_count'];
const STANDING = [
  'rating_avg',
  'rating_count',
  'downloads_count',
  'featured',
  'trending',
  'trending_score',
  'price_minor',
];
/** Each new version column and the prompt columns whose change moves it. */
const ORDER_VERSIONS: [string, string[]][] = [
  ['popularity', POPULARITY],
  ['standing', STANDING],
];
/** Migration 0012's membership columns, and with this migration the created order. */
const MEMBERSHIP_BEFORE = ['status', 'category', 'type'];
const MEMBERSHIP = [...MEMBERSHIP_BEFORE, 'created_at'];

const bumpBoth =
  'update catalogue_version set content = content + 1, membership = membership + 1 where id = 1';
const bumpContent = 'update catalogue_version set content = content + 1 where id = 1';
const bump = (column: string) => `update catalogue_version set ${column} = ${column} + 1 where id = 1`;

export async function up(db: AnyDb): Promise<void> {
  for (const [column] of ORDER_VERSIONS) {
    await db.schema
      .alterTable('catalogue_version')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (isSqlite(db)) {
    await sqliteMembershipTriggers(db, MEMBERSHIP);
    for (const [column, columns] of ORDER_VERSIONS) {
      await sql
        .raw(
          `create trigger catalogue_prompt_${column} after update of ${columns.join(', ')} on prompts
           for each row when ${columns.map((c) => `old.${c} is not new.${c}`).join(' or ')}
           begin ${bump(column)}; end`,
        )
        .execute(db);
    }
    return;
  }
  await postgresMembershipTriggers(db, MEMBERSHIP);
  for (const [column, columns] of ORDER_VERSIONS) {
    // As migration 0012's: deferred to commit, once per transaction (a transaction-local flag).
    await sql
      .raw(
        `create function catalogue_bump_${column}() returns trigger language plpgsql as $$
         begin
           if coalesce(current_setting('promptforge.catalogue_${column}', true), '') <> '1' then
             ${bump(column)};
             perform set_config('promptforge.catalogue_${column}', '1', true);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger catalogue_prompt_${column} after update of ${columns.join(', ')} on prompts
         deferrable initially deferred for each row
         when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
         execute function catalogue_bump_${column}()`,
      )
      .execute(db);
  }
}

/** Migration 0012's triggers that tell a membership change from any other, over `columns`. */
async function sqliteMembershipTriggers(db: AnyDb, columns: string[]) {
  await sql`drop trigger if exists catalogue_prompt_membership`.execute(db);
  await sql`drop trigger if exists catalogue_prompt_content`.execute(db);
  await sql
    .raw(
      `create trigger catalogue_prompt_membership after update of ${columns.join(', ')} on prompts
       for each row when ${columns.map((c) => `old.${c} is not new.${c}`).join(' or ')}
       begin ${bumpBoth}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger catalogue_prompt_content after update on prompts
       for each row when ${columns.map((c) => `old.${c} is new.${c}`).join(' and ')}
       begin ${bumpContent}; end`,
    )
    .execute(db);
}

async function postgresMembershipTriggers(db: AnyDb, columns: string[]) {
  await sql`drop trigger if exists catalogue_prompt_membership on prompts`.execute(db);
  await sql`drop trigger if exists catalogue_prompt_content on prompts`.execute(db);
  await sql
    .raw(
      `create constraint trigger catalogue_prompt_membership after update of ${columns.join(', ')} on prompts
       deferrable initially deferred for each row
       when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
       execute function catalogue_bump_both()`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger catalogue_prompt_content after update on prompts
       deferrable initially deferred for each row
       when (${columns.map((c) => `old.${c} is not distinct from new.${c}`).join(' and ')})
       execute function catalogue_bump_content()`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    for (const [column] of ORDER_VERSIONS) {
      await sql.raw(`drop trigger if exists catalogue_prompt_${column}`).execute(db);
    }
    await sqliteMembershipTriggers(db, MEMBERSHIP_BEFORE);
  } else {
    for (const [column] of ORDER_VERSIONS) {
      await sql.raw(`drop trigger if exists catalogue_prompt_${column} on prompts`).execute(db);
      await sql.raw(`drop function if exists catalogue_bump_${column}()`).execute(db);
    }
    await postgresMembershipTriggers(db, MEMBERSHIP_BEFORE);
  }
  for (const [column] of ORDER_VERSIONS) {
    await db.schema.alterTable('catalogue_version').dropColumn(column).execute();
  }
}
