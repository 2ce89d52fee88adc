import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Category, PromptType, Sort } from '../../../shared/constants';
import type { Engine } from '../../db/database';
import { changedRows, compiledOnce, compiledOnceRow, oneOrMany } from '../../db/precompiled';
import { sortTerms } from './search-repository';
import type { DB } from '../../db/types';
import { type DailyStat, bumpDailyStat } from '../../lib/daily-stats';
import { newId, nowIso, todayUtc } from '../../lib/time';

// Size: Over 400 lines: issue 54 splits the marketplace into list and search, prompt page, engagement, reviews and catalogue/; not done yet.

/** All SQL of the public catalogue but search (search-repository.ts): lists, a prompt's page, likes, downloads and reviews. */

export interface ListFilters {
  category?: Category;
  type?: PromptType;
  sort: Sort;
  page: number;
  limit: number;
}

const CARD_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.description',
  'p.category',
  'p.tags',
  'p.type',
  'p.price_minor',
  'p.currency',
  'p.likes_count',
  'p.views_count',
  'p.downloads_count',
  'p.rating_avg',
  'p.rating_count',
  'p.featured',
  'p.trending',
  'p.created_at',
  'p.published_at',
  'u.id as author_id',
  'u.name as author_name',
  'u.avatar_url as author_avatar',
] as const;

/**
 * Ids of one page of published prompts, read from the prompts table alone so a deep page skips
 * index entries, not joined rows.
 */
function pageIds(db: Kysely<DB>, f: ListFilters) {
  let q = db.selectFrom('prompts as q').select('q.id').where('q.status', '=', 'published');
  if (f.category) q = q.where('q.category', '=', f.category);
  if (f.type) q = q.where('q.type', '=', f.type);
  for (const [ref, dir] of sortTerms(f.sort, 'q')) q = q.orderBy(ref, dir);
  return q.limit(f.limit).offset((f.page - 1) * f.limit);
}

/** How many published prompts a list (without a search) holds. */
export async function countListed(
  db: Kysely<DB>,
  f: Pick<ListFilters, 'category' | 'type'>,
): Promise<number> {
  let q = db.selectFrom('prompts').where('status', '=', 'published');
  if (f.category) q = q.where('category', '=', f.category);
  if (f.type) q = q.where('type', '=', f.type);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of one page of published prompts, in order. */
export async function listPublishedIds(db: Kysely<DB>, f: ListFilters): Promise<string[]> {
  const rows = await pageIds(db, f).execute();
  return rows.map((r) => r.id);
}

/** The ids as one value: a JSON array on SQLite, an array on PostgreSQL (see idIn). */
const idsValue = (engine: Engine, ids: string[]): unknown =>
  engine === 'sqlite' ? JSON.stringify(ids) : ids;

/** `column` is one of the ids, given as one value (idsValue). */
const idIn = (engine: Engine, column: string, value: unknown) =>
  engine === 'sqlite'
    ? sql<boolean>`${sql.ref(column)} in (select value from json_each(${value}))`
    : sql<boolean>`${sql.ref(column)} = any(${value}::text[])`;

const cardsByIdsOn = (engine: Engine) =>
  compiledOnce(1, (db, ids: unknown) => cardSelect(db).where(idIn(engine, 'p.id', ids)));
const cardsByIdsQuery = { sqlite: cardsByIdsOn('sqlite'), postgres: cardsByIdsOn('postgres') };

const cardByIdQuery = compiledOnce(1, (db, id: string) => cardSelect(db).where('p.id', '=', id));

/** The cards of the given prompts, in no order, by a query built and compiled once. */
export async function cardsByIds(db: Kysely<DB>, engine: Engine, ids: string[]): Promise<PromptCardRow[]> {
  if (ids.length === 0) return [];
  // One card is most often the one a like or a view changed.
  return oneOrMany(
    ids,
    async (id) => (await cardByIdQuery(db, id)).rows[0],
    async (all) => (await cardsByIdsQuery[engine](db, idsValue(engine, all))).rows,
  );
}

/** The search feed's last number and the highest one pruned (migration 0014). */
export async function searchFeedMarks(db: Kysely<DB>): Promise<{ search: number; pruned: number }> {
  const { rows } = await sql<{
    search: number | string;
    search_pruned: number | string;
  }>`select search, search_pruned from catalogue_version where id = 1`.execute(db);
  return { search: Number(rows[0]?.search ?? 0), pruned: Number(rows[0]?.search_pruned ?? 0) };
}

/**
 * The feed's notes past a number, oldest first, and the highest number pruned, in one statement
 * (one snapshot: a prune deletes notes and moves the mark in one transaction).
 */
export async function searchChanges(db: Kysely<DB>, after: number, limit: number) {
  const { rows } = await sql<{
    seq: number | string | null;
    prompt_id: string | null;
    author_id: string | null;
    pruned: number | string;
  }>`select c.seq, c.prompt_id, c.author_id, v.search_pruned as pruned from catalogue_version v
     left join (select seq, prompt_id, author_id from search_changes where seq > ${after} order by seq limit ${limit}) c
     on true where v.id = 1 order by c.seq`.execute(db);
  return {
    pruned: Number(rows[0]?.pruned ?? 0),
    changes: rows.flatMap((r) =>
      r.seq === null ? [] : [{ seq: Number(r.seq), promptId: r.prompt_id, authorId: r.author_id }],
    ),
  };
}

/** Deletes all but the last `keep` numbers' notes and records the highest number deleted. */
export async function pruneSearchChanges(db: Kysely<DB>, keep: number) {
  const { search, pruned } = await searchFeedMarks(db);
  const upTo = search - keep;
  if (upTo <= pruned) return;
  await db.transaction().execute(async (trx) => {
    await sql`delete from search_changes where seq <= ${upTo}`.execute(trx);
    await sql`update catalogue_version set search_pruned = ${upTo} where id = 1 and search_pruned < ${upTo}`.execute(
      trx,
    );
  });
}

/** One card's columns, as every list selects them. */
const cardSelect = (db: Kysely<DB>) =>
  db.selectFrom('prompts as p').innerJoin('users as u', 'u.id', 'p.author_id').select(CARD_COLUMNS);
export type PromptCardRow = Awaited<ReturnType<ReturnType<typeof cardSelect>['execute']>>[number];

/*
 * A prompt's page, a like and a download run the statements below on every call (a like sets off
 * a rebuild of the page too): they are compiled once (db/precompiled.ts, decision 028).
 */

/** A prompt by id or slug, with everything its page shows (and its text, which the service guards). */
export const findPromptByIdOrSlug = compiledOnceRow(1, (db, idOrSlug: string) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([...CARD_COLUMNS, 'p.content', 'p.status', 'p.updated_at', 'u.bio as author_bio'])
    .where((eb) => eb.or([eb('p.id', '=', idOrSlug), eb('p.slug', '=', idOrSlug)])),
);

export type PromptDetailRow = NonNullable<Awaited<ReturnType<typeof findPromptByIdOrSlug>>>;

/**
 * A published prompt's id, by id or slug: all a like needs. Two index lookups joined by UNION ALL:
 * with value samples in its statistics (decision 027) SQLite answered `id = ? or slug = ?` with a
 * multi-index OR that cost 78 µs here against 6.
 */
/** The published prompt with this id, else with this slug. */
const publishedPromptId = (db: Kysely<DB>, idOrSlug: string) =>
  db
    .selectFrom('prompts')
    .select('id')
    .where('id', '=', idOrSlug)
    .where('status', '=', 'published')
    .unionAll(
      db.selectFrom('prompts').select('id').where('slug', '=', idOrSlug).where('status', '=', 'published'),
    )
    .limit(1);

export const findPublishedPromptId = compiledOnceRow(1, publishedPromptId);

const publishedByAuthor = compiledOnceRow(1, (db, authorId: string) =>
  db
    .selectFrom('prompts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('status', '=', 'published'),
);

export async function countPublishedByAuthor(db: Kysely<DB>, authorId: string): Promise<number> {
  return Number((await publishedByAuthor(db, authorId))?.n ?? 0);
}

const completedTry = compiledOnceRow(2, (db, promptId: string, userId: string) =>
  db
    .selectFrom('playground_sessions as s')
    .innerJoin('playground_messages as m', 'm.session_id', 's.id')
    .select('s.id')
    .where('s.prompt_id', '=', promptId)
    .where('s.user_id', '=', userId)
    .where('m.role', '=', 'ai')
    .where('m.status', '=', 'complete')
    .limit(1),
);

/** True when the user had a completed reply in a playground session started from this prompt. */
export const hasTried = async (db: Kysely<DB>, promptId: string, userId: string) =>
  Boolean(await completedTry(db, promptId, userId));

/** The user's like or download of the prompt, if recorded (one row per user and prompt). */
const userRow = (table: 'prompt_likes' | 'prompt_downloads') =>
  compiledOnceRow(2, (db, promptId: string, userId: string) =>
    db.selectFrom(table).select('user_id').where('prompt_id', '=', promptId).where('user_id', '=', userId),
  );
const likeOf = userRow('prompt_likes');
const downloadOf = userRow('prompt_downloads');

export const hasLiked = async (db: Kysely<DB>, promptId: string, userId: string) =>
  Boolean(await likeOf(db, promptId, userId));

export const hasDownloaded = async (db: Kysely<DB>, promptId: string, userId: string) =>
  Boolean(await downloadOf(db, promptId, userId));

const insertViewRow = compiledOnce(3, (db, promptId: string, viewerKey: string, day: string) =>
  db
    .insertInto('prompt_views')
    .values({ prompt_id: promptId, viewer_key: viewerKey, day })
    .onConflict((oc) => oc.columns(['prompt_id', 'viewer_key', 'day']).doNothing()),
);

/**
 * Notes a view of the day by a viewer; true when it was the first (one per viewer per day). Every
 * signed-in view of a prompt's page runs it: compiled once.
 */
export async function insertView(db: Kysely<DB>, promptId: string, viewerKey: string, day: string) {
  return changedRows(await insertViewRow(db, promptId, viewerKey, day)) > 0;
}

/** Adds `n` new views to a prompt's lifetime counter and to today's figure, in one batch. */
export async function addViews(db: Kysely<DB>, promptId: string, n: number) {
  await db
    .updateTable('prompts')
    .set((eb) => ({ views_count: eb('views_count', '+', n) }))
    .where('id', '=', promptId)
    .execute();
  await db
    .insertInto('prompt_daily_stats')
    .values({ prompt_id: promptId, day: todayUtc(), views: n, revenue_minor: 0 })
    .onConflict((oc) =>
      oc
        .columns(['prompt_id', 'day'])
        .doUpdateSet((eb) => ({ views: eb('prompt_daily_stats.views', '+', n) })),
    )
    .execute();
}

/** A like's or a download's row, unless the user has one already. */
const insertUserRow = (table: 'prompt_likes' | 'prompt_downloads') =>
  compiledOnce(3, (db, promptId: string, userId: string, now: string) =>
    db
      .insertInto(table)
      .values({ prompt_id: promptId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['prompt_id', 'user_id']).doNothing()),
  );
const insertLike = insertUserRow('prompt_likes');
const insertDownload = insertUserRow('prompt_downloads');

/** Adds one to a prompt's lifetime counter. */
const counterUp = (counter: 'likes_count' | 'downloads_count') =>
  compiledOnce(1, (db, promptId: string) =>
    db
      .updateTable('prompts')
      .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
      .where('id', '=', promptId),
  );
const likesUp = counterUp('likes_count');
const downloadsUp = counterUp('downloads_count');

/** Moves a prompt's lifetime counter and today's figure together, when a new row was recorded. */
async function countEvent(db: Kysely<DB>, promptId: string, up: typeof likesUp, stat: DailyStat) {
  await up(db, promptId);
  await bumpDailyStat(db, promptId, stat);
}

/** Adds the like if absent; true when it was added. The counter moves only with the row. */
export async function addLike(db: Kysely<DB>, promptId: string, userId: string, now: string) {
  const added = changedRows(await insertLike(db, promptId, userId, now)) > 0;
  // The daily series counts likes given; an unlike lowers the total, not the day it was given.
  if (added) await countEvent(db, promptId, likesUp, 'likes');
  return added;
}

/** A prompt's like count less one, never below zero. */
const LIKES_LESS_ONE = sql<number>`case when likes_count > 0 then likes_count - 1 else 0 end`;
/** A prompt's average rating from its totals, as they are when the statement runs. */
const RATING_AVG = sql<number>`case when rating_count = 0 then 0 else cast(rating_sum as double precision) / rating_count end`;

const deleteLike = compiledOnce(2, (db, promptId: string, userId: string) =>
  db.deleteFrom('prompt_likes').where('prompt_id', '=', promptId).where('user_id', '=', userId),
);
const likesDown = compiledOnce(1, (db, promptId: string) =>
  db.updateTable('prompts').set({ likes_count: LIKES_LESS_ONE }).where('id', '=', promptId),
);

export async function removeLike(db: Kysely<DB>, promptId: string, userId: string) {
  const removed = changedRows(await deleteLike(db, promptId, userId)) > 0;
  if (removed) await likesDown(db, promptId);
  return removed;
}

/** What a like's statement answers: the prompt's id and its like count after it. */
const likedCount = sql`
  select target.id, coalesce(counted.likes_count, prompts.likes_count) as likes_count
  from target join prompts on prompts.id = target.id left join counted on counted.id = target.id`;

/*
 * PostgreSQL: a like or an unlike as one statement, in a transaction of its own (data-modifying
 * WITH queries all run, to completion, with the statement). The like's row, the counter, today's
 * figure and the activity event move only when the row was added (or, unliking, removed), as in
 * addLike and removeLike; the count answered is the counter's new value, else the prompt's as the
 * statement found it. One round trip where the transaction of those functions takes seven.
 */
const likeAtOnce = compiledOnceRow(
  5,
  (db, idOrSlug: string, userId: string, now: string, day: string, eventId: string) => ({
    compile: () =>
      sql<{ id: string; likes_count: number }>`
        with target as (${publishedPromptId(db, idOrSlug)}),
        added as (
          insert into prompt_likes (prompt_id, user_id, created_at)
          select id, ${userId}::text, ${now}::text from target
          on conflict (prompt_id, user_id) do nothing
          returning prompt_id),
        counted as (
          update prompts set likes_count = likes_count + 1
          where id in (select prompt_id from added)
          returning id, likes_count),
        daily as (
          insert into prompt_daily_stats (prompt_id, day, likes, revenue_minor)
          select prompt_id, ${day}::text, 1, 0 from added
          on conflict (prompt_id, day) do update set likes = prompt_daily_stats.likes + 1),
        recorded as (
          insert into activity_events (id, type, actor_id, prompt_id, subject_id, data, created_at)
          select ${eventId}::text, 'prompt.liked', ${userId}::text, prompt_id, null, '{}', ${now}::text
          from added)
        ${likedCount}`.compile(db),
  }),
);

const unlikeAtOnce = compiledOnceRow(2, (db, idOrSlug: string, userId: string) => ({
  compile: () =>
    sql<{ id: string; likes_count: number }>`
      with target as (${publishedPromptId(db, idOrSlug)}),
      removed as (
        delete from prompt_likes where prompt_id in (select id from target) and user_id = ${userId}::text
        returning prompt_id),
      counted as (
        update prompts set likes_count = ${LIKES_LESS_ONE}
        where id in (select prompt_id from removed)
        returning id, likes_count)
      ${likedCount}`.compile(db),
}));

/**
 * Likes or unlikes a published prompt (by id or slug) in one statement: PostgreSQL only (SQLite has
 * no writes in WITH queries). Its id and like count after, or undefined when no published prompt has
 * that id or slug.
 */
export async function setLikeAtOnce(
  db: Kysely<DB>,
  idOrSlug: string,
  userId: string,
  liked: boolean,
): Promise<{ id: string; likes: number } | undefined> {
  const row = liked
    ? await likeAtOnce(db, idOrSlug, userId, nowIso(), todayUtc(), newId())
    : await unlikeAtOnce(db, idOrSlug, userId);
  return row && { id: row.id, likes: Number(row.likes_count) };
}

export async function addDownload(db: Kysely<DB>, promptId: string, userId: string, now: string) {
  const added = changedRows(await insertDownload(db, promptId, userId, now)) > 0;
  if (added) await countEvent(db, promptId, downloadsUp, 'downloads');
  return added;
}

const countersOf = compiledOnceRow(1, (db, promptId: string) =>
  db
    .selectFrom('prompts')
    .select(['likes_count', 'downloads_count', 'views_count', 'rating_sum', 'rating_count', 'rating_avg'])
    .where('id', '=', promptId),
);

/** A prompt's counters, or undefined when it is gone. */
export const findPromptCounters = (db: Kysely<DB>, promptId: string) => countersOf(db, promptId);

export async function promptCounters(db: Kysely<DB>, promptId: string) {
  const row = await countersOf(db, promptId);
  if (!row) throw new Error(`prompt ${promptId} not found`);
  return row;
}

export const findReview = compiledOnceRow(2, (db, promptId: string, userId: string) =>
  db.selectFrom('prompt_reviews').selectAll().where('prompt_id', '=', promptId).where('user_id', '=', userId),
);

/** Inserts or edits the user's review and moves the prompt's rating totals by the difference. */
export async function upsertReview(
  db: Kysely<DB>,
  r: { id: string; promptId: string; userId: string; rating: number; body: string; now: string },
): Promise<{ id: string; created: boolean }> {
  const existing = await findReview(db, r.promptId, r.userId);
  if (existing) {
    await db
      .updateTable('prompt_reviews')
      .set({ rating: r.rating, body: r.body, updated_at: r.now })
      .where('id', '=', existing.id)
      .execute();
    await db
      .updateTable('prompts')
      .set((eb) => ({ rating_sum: eb('rating_sum', '+', r.rating - existing.rating) }))
      .where('id', '=', r.promptId)
      .execute();
  } else {
    await db
      .insertInto('prompt_reviews')
      .values({
        id: r.id,
        prompt_id: r.promptId,
        user_id: r.userId,
        rating: r.rating,
        body: r.body,
        created_at: r.now,
        updated_at: r.now,
      })
      .execute();
    await db
      .updateTable('prompts')
      .set((eb) => ({
        rating_sum: eb('rating_sum', '+', r.rating),
        rating_count: eb('rating_count', '+', 1),
      }))
      .where('id', '=', r.promptId)
      .execute();
  }
  await db.updateTable('prompts').set({ rating_avg: RATING_AVG }).where('id', '=', r.promptId).execute();
  return { id: existing?.id ?? r.id, created: !existing };
}

/**
 * Takes a user's likes and reviews out of the totals kept on their prompts, before the account's
 * deletion cascades to those rows (the totals would otherwise still count them: a review count naming
 * a review nobody can read, an average weighing it). Downloads stay counted: a download happened,
 * where a like or a review is what a person says now. Run it in the deletion's transaction.
 */
export async function withdrawFeedback(db: Kysely<DB>, userId: string): Promise<void> {
  const liked = db.selectFrom('prompt_likes').select('prompt_id').where('user_id', '=', userId);
  const reviewed = db.selectFrom('prompt_reviews').select('prompt_id').where('user_id', '=', userId);
  await db.updateTable('prompts').set({ likes_count: LIKES_LESS_ONE }).where('id', 'in', liked).execute();
  await db
    .updateTable('prompts')
    .set((eb) => ({
      rating_sum: eb(
        'rating_sum',
        '-',
        eb
          .selectFrom('prompt_reviews')
          .select('rating')
          .whereRef('prompt_reviews.prompt_id', '=', 'prompts.id')
          .where('prompt_reviews.user_id', '=', userId),
      ),
      rating_count: eb('rating_count', '-', 1),
    }))
    .where('id', 'in', reviewed)
    .execute();
  await db.updateTable('prompts').set({ rating_avg: RATING_AVG }).where('id', 'in', reviewed).execute();
}

export async function listReviews(db: Kysely<DB>, promptId: string, page: number, limit: number) {
  const rows = await db
    .selectFrom('prompt_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.rating',
      'r.body',
      'r.created_at',
      'r.updated_at',
      'u.id as user_id',
      'u.name',
      'u.avatar_url',
    ])
    .where('r.prompt_id', '=', promptId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows;
}

export const findReviewWithAuthor = (db: Kysely<DB>, reviewId: string) =>
  db
    .selectFrom('prompt_reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.rating',
      'r.body',
      'r.created_at',
      'r.updated_at',
      'u.id as user_id',
      'u.name',
      'u.avatar_url',
    ])
    .where('r.id', '=', reviewId)
    .executeTakeFirstOrThrow();

export type ReviewRow = Awaited<ReturnType<typeof listReviews>>[number];

const ratingCounts = compiledOnce(1, (db, promptId: string) =>
  db
    .selectFrom('prompt_reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('prompt_id', '=', promptId)
    .groupBy('rating'),
);

/** How many reviews gave 1, 2, 3, 4 and 5 stars. */
export async function ratingBreakdown(db: Kysely<DB>, promptId: string): Promise<number[]> {
  const { rows } = await ratingCounts(db, promptId);
  const counts = [0, 0, 0, 0, 0];
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) counts[r.rating - 1] = Number(r.n);
  return counts;
}

export async function categoryCounts(db: Kysely<DB>) {
  return db
    .selectFrom('prompts')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'published')
    .groupBy('category')
    .execute();
}

/** Weighted activity of the last days per prompt; the trending job ranks by it. */
export async function recentActivityScores(db: Kysely<DB>, since: string, weights: Record<string, number>) {
  const score = sql<number>`sum(case ${sql.join(
    Object.entries(weights).map(([type, w]) => sql`when type = ${type} then ${w}`),
    sql` `,
  )} else 0 end)`;
  return db
    .selectFrom('activity_events')
    .select(['prompt_id', score.as('score')])
    .where('created_at', '>=', since)
    .where('prompt_id', 'is not', null)
    .where('type', 'in', Object.keys(weights))
    .groupBy('prompt_id')
    .execute();
}

/** Prompts whose trending badge an admin pinned on or off. */
export async function trendingPinnedIds(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db.selectFrom('prompts').select('id').where('trending_pinned', 'is not', null).execute();
  return new Set(rows.map((r) => r.id));
}

/** What the trending refresh reads and writes of a prompt. */
type TrendingRow = { id: string; trending_score: number; trending: number; trending_pinned: number | null };

/**
 * The prompts with a trending score, badge or pin: read through migration 0015's partial index,
 * whose condition this is, word for word (SQLite uses a partial index only for a query whose
 * condition implies the index's).
 */
export const trendingRows = (db: Kysely<DB>) =>
  db
    .selectFrom('prompts')
    .select(['id', 'trending_score', 'trending', 'trending_pinned'])
    .where(sql<boolean>`trending_score != 0 or trending = 1 or trending_pinned is not null`);

/** Prompts a trending write changes per transaction (see writeTrending). */
const TRENDING_BATCH = 500;

/**
 * Sets every trending score and flag, writing only the prompts whose score or flag changes: the
 * scores follow the activity of a sliding window, so between two runs few move, and rewriting every
 * scored prompt each time (820 000 rows on a million-prompt catalogue, with their triggers) held
 * the database for minutes every ten. A prompt an admin pinned (trending_pinned not null) keeps the
 * admin's choice; its score still follows activity.
 *
 * The changes are written `batch` prompts to a transaction, with a turn of the event loop between
 * two: SQLite's statements run on the event loop, and the first run on a freshly loaded catalogue
 * changes every scored prompt (minutes at a million, during which nothing else would be answered,
 * the server's start included). Each batch reads its prompts again inside its transaction, so a
 * pin set meanwhile is kept. Readers may see a run half written for a moment: the next batches
 * follow at once, and a run that stops half way is finished by the next.
 */
export async function writeTrending(
  db: Kysely<DB>,
  scores: { promptId: string; score: number; trending: boolean }[],
  batch = TRENDING_BATCH,
) {
  const wanted = new Map<string, { score: number; computed: boolean }>();
  for (const s of scores) wanted.set(s.promptId, { score: s.score, computed: s.trending });
  const target = (row: { id: string; trending_pinned: number | null }) => {
    const want = wanted.get(row.id) ?? { score: 0, computed: false };
    return { score: want.score, trending: row.trending_pinned ?? (want.computed ? 1 : 0) };
  };
  const unchanged = (row: TrendingRow) => {
    const want = target(row);
    return Number(row.trending_score) === want.score && Number(row.trending) === Number(want.trending);
  };
  // The prompts that may change: those whose score or flag differs now, and the newly scored.
  const current = await trendingRows(db).execute();
  const known = new Set(current.map((r) => r.id));
  const candidates = [
    ...current.filter((row) => !unchanged(row)).map((row) => row.id),
    ...[...wanted.keys()].filter((id) => !known.has(id)),
  ];
  for (let i = 0; i < candidates.length; i += batch) {
    if (i > 0) await nextTurn();
    const ids = candidates.slice(i, i + batch);
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('prompts')
        .select(['id', 'trending_score', 'trending', 'trending_pinned'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) {
        if (unchanged(row)) continue;
        const want = target(row);
        await trx
          .updateTable('prompts')
          .set({ trending_score: want.score, trending: want.trending })
          .where('id', '=', row.id)
          .execute();
      }
    });
  }
}
