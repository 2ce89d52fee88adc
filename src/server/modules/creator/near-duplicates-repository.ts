import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of near-duplicate detection (near-duplicates.ts). */

export interface DuplicateCandidate {
  id: string;
  slug: string;
  title: string;
  content: string;
}

/**
 * PostgreSQL: the published listing by someone else most similar to `text` at or above `threshold`
 * (pg_trgm's similarity), found through the trigram index of migration 0031. The threshold is set
 * for this transaction only, as the `%` operator reads it.
 */
export async function mostSimilarOnPostgres(
  db: Kysely<DB>,
  text: string,
  authorId: string,
  threshold: number,
): Promise<{ id: string; slug: string; title: string; similarity: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`.execute(trx);
    const row = await trx
      .selectFrom('prompts')
      .select(['id', 'slug', 'title', sql<number>`similarity(content, ${text})`.as('similarity')])
      .where('status', '=', 'published')
      .where('author_id', '<>', authorId)
      .where(sql<boolean>`content % ${text}`)
      .orderBy('similarity', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row && { ...row, similarity: Number(row.similarity) };
  });
}

/**
 * SQLite: the published listings by someone else whose text is between `minLength` and
 * `maxLength` characters long (the only ones that can reach the threshold, decision 058), a page at
 * a time after `afterId`.
 */
export const candidatesOnSqlite = (
  db: Kysely<DB>,
  authorId: string,
  minLength: number,
  maxLength: number,
  afterId: string,
  limit: number,
): Promise<DuplicateCandidate[]> =>
  db
    .selectFrom('prompts')
    .select(['id', 'slug', 'title', 'content'])
    .where('status', '=', 'published')
    .where('author_id', '<>', authorId)
    .where(sql<number>`length(content)`, '>=', minLength)
    .where(sql<number>`length(content)`, '<=', maxLength)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** A published prompt's text and author, for the re-check of its edited text. */
export const findPublishedText = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompts')
    .select(['content', 'author_id'])
    .where('id', '=', promptId)
    .where('status', '=', 'published')
    .executeTakeFirst();

/** Writes a prompt's flag when its text is still the one compared (a later edit re-checks its own). */
export const writeFlag = (
  db: Kysely<DB>,
  promptId: string,
  content: string,
  flag: { duplicate_of: string | null; duplicate_similarity: number | null },
) => db.updateTable('prompts').set(flag).where('id', '=', promptId).where('content', '=', content).execute();
