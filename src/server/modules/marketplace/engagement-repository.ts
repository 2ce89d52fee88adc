import { type Kysely, sql } from 'kysely';
import { changedRows, compiledOnce, compiledOnceRow } from '../../db/precompiled';
import type { DB } from '../../db/types';
import { type DailyStat, bumpDailyStat } from '../../lib/daily-stats';
import { newId, nowIso, todayUtc } from '../../lib/time';

/*
 * All SQL of likes, views and downloads: a user's row, the prompt's counter and today's figure,
 * which move together (a like on PostgreSQL in one statement, decision 031). Compiled once
 * (db/precompiled.ts, decision 028): a like or a signed-in view runs them on every call.
 */

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
export const LIKES_LESS_ONE = sql<number>`case when likes_count > 0 then likes_count - 1 else 0 end`;

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
