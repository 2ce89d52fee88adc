import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * A like or a counted view no longer moves the catalogue's `content` version (decision 030). Until
 * now any change to a prompt row moved it, and every cached marketplace answer (every list page,
 * every prompt page, the categories, the reviews) was built again after each like, though a like
 * changes one number on the answers that show that one prompt. Those changes still note the prompt
 * in the search feed (migration 0014) and move `popularity` (migration 0016): a cached answer keeps
 * the prompts it shows and is built again only when the feed noted one of them since it was built
 * (or, for a list in the popular order, when `popularity` moved).
 *
 * Two other counters move nothing: `tries_count` and `revenue_minor` appear in no public answer
 * (only in the creator's and the admin's, which are not cached), and every playground try of a
 * marketplace prompt used to rebuild the whole cache.
 *
 * Until now a review moved `content` through its prompt's row, which it updates even when the
 * totals stay the same (an edit of the words alone): the cached review lists relied on it. Reviews
 * now move `content` themselves.
 *
 * `content` still moves with a change to any other column. They are listed (SQLite's triggers
 * cannot say "any column but these"), so a column added to `prompts` later moves it only once a
 * migration lists it: migrations.test.ts changes every column of the table, checks which versions
 * move, and fails on a column it does not know.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Migration 0016's membership columns: a change to one moves `membership` and `content` together. */
const MEMBERSHIP = ['status', 'category', 'type', 'created_at'];
/**
 * The columns of `prompts` when this migration was written, but for the membership columns, the
 * tallies (`likes_count`, `views_count`) and the unshown (`tries_count`, `revenue_minor`): a change
 * to any of them moves `content`.
 */
const SHOWN = [
  'id',
  'slug',
  'author_id',
  'title',
  'description',
  'content',
  'tags',
  'price_minor',
  'currency',
  'moderation_note',
  'featured',
  'trending',
  'trending_pinned',
  'trending_score',
  'downloads_count',
  'rating_sum',
  'rating_count',
  'rating_avg',
  'updated_at',
  'published_at',
];
const bumpContent = 'update catalogue_version set content = content + 1 where id = 1';

/** When an update of a prompt moves `content` alone: no membership column changed, a shown one did. */
function contentChanged(shown: string[], sqlite: boolean) {
  const same = sqlite ? 'is' : 'is not distinct from';
  const differs = sqlite ? 'is not' : 'is distinct from';
  return `(${MEMBERSHIP.map((c) => `old.${c} ${same} new.${c}`).join(' and ')}) and (${shown
    .map((c) => `old.${c} ${differs} new.${c}`)
    .join(' or ')})`;
}

/** Migration 0016's condition: no membership column changed, whatever else did. */
const membershipSame = (sqlite: boolean) =>
  MEMBERSHIP.map((c) => (sqlite ? `old.${c} is new.${c}` : `old.${c} is not distinct from new.${c}`)).join(
    ' and ',
  );

async function contentTrigger(db: AnyDb, when: string) {
  if (isSqlite(db)) {
    await sql`drop trigger if exists catalogue_prompt_content`.execute(db);
    await sql
      .raw(
        `create trigger catalogue_prompt_content after update on prompts
         for each row when ${when}
         begin ${bumpContent}; end`,
      )
      .execute(db);
    return;
  }
  // Migration 0012's function: deferred to commit, once per transaction.
  await sql`drop trigger if exists catalogue_prompt_content on prompts`.execute(db);
  await sql
    .raw(
      `create constraint trigger catalogue_prompt_content after update on prompts
       deferrable initially deferred for each row
       when (${when})
       execute function catalogue_bump_content()`,
    )
    .execute(db);
}

const REVIEW_EVENTS = ['insert', 'update', 'delete'];

export async function up(db: AnyDb): Promise<void> {
  await contentTrigger(db, contentChanged(SHOWN, isSqlite(db)));
  for (const event of REVIEW_EVENTS) {
    await sql
      .raw(
        isSqlite(db)
          ? `create trigger catalogue_review_${event} after ${event} on prompt_reviews
             begin ${bumpContent}; end`
          : `create constraint trigger catalogue_review_${event} after ${event} on prompt_reviews
             deferrable initially deferred for each row execute function catalogue_bump_content()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const event of REVIEW_EVENTS) {
    await sql
      .raw(`drop trigger if exists catalogue_review_${event}${isSqlite(db) ? '' : ' on prompt_reviews'}`)
      .execute(db);
  }
  await contentTrigger(db, membershipSame(isSqlite(db)));
}
