import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Marketplace filters combined with a sort: with only (status, category) to go on, a category page
 * sorted by rating read every prompt of the category and sorted them in a temporary table. These
 * indexes hold the filter columns first and the sort's terms after, so a page is read in order.
 */
const INDEXES: [string, string[]][] = [
  ['prompts_cat_latest_idx', ['status', 'category', 'created_at', 'id']],
  ['prompts_type_latest_idx', ['status', 'type', 'created_at', 'id']],
  ['prompts_cat_rating_idx', ['status', 'category', 'rating_avg', 'rating_count', 'created_at', 'id']],
  [
    'prompts_cat_type_rating_idx',
    ['status', 'category', 'type', 'rating_avg', 'rating_count', 'created_at', 'id'],
  ],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('prompts').columns(columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
