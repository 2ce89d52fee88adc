import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The trending refresh (every ten minutes) reads the prompts that have a trending score, a badge
 * or an admin's pin, to write only those that change. Without an index that was a scan of every
 * prompt: 54 ms on the 100 000-prompt catalogue, on SQLite inside the event loop, growing with the
 * catalogue. A partial index holds only those prompts (a few hundred at most), with the columns
 * read, under exactly the query's condition (`trendingRows` in marketplace/repository.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index prompts_trending_idx on prompts (id, trending_score, trending, trending_pinned)
    where trending_score != 0 or trending = 1 or trending_pinned is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('prompts_trending_idx').ifExists().execute();
}
