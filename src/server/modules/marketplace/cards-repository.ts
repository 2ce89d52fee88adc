import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database';
import { compiledOnce, oneOrMany } from '../../db/precompiled';
import type { DB } from '../../db/types';

/**
 * A card's SQL: the columns every list, search and prompt page selects, and the cards of given
 * prompts. A field added to a card is added here, in cards.ts's mapper and in the shared schema.
 */

export const CARD_COLUMNS = [
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
  'p.tested_on',
  'p.tested_at',
  'u.id as author_id',
  'u.name as author_name',
  'u.avatar_url as author_avatar',
] as const;

/** One card's columns, as every list selects them. */
const cardSelect = (db: Kysely<DB>) =>
  db.selectFrom('prompts as p').innerJoin('users as u', 'u.id', 'p.author_id').select(CARD_COLUMNS);
export type PromptCardRow = Awaited<ReturnType<ReturnType<typeof cardSelect>['execute']>>[number];

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
