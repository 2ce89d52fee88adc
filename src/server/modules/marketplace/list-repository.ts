import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Category, PromptType, Sort } from '../../../shared/constants';
import type { DB } from '../../db/types';

/** All SQL of an unsearched list: its page's ids in a sort, its total, the category counts. */

export interface ListFilters {
  category?: Category;
  type?: PromptType;
  /** A model the prompt's latest version passes every test case on (its `tested_on`). */
  passes?: string;
  sort: Sort;
  page: number;
  limit: number;
}

/** ORDER BY terms for an explicit sort, on the prompts table under `alias` (newest first breaks ties). */
export function sortTerms(sort: Sort, alias: string): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  const byKey: Partial<Record<Sort, [RawBuilder<unknown>, 'asc' | 'desc'][]>> = {
    popular: [
      [c('likes_count'), 'desc'],
      [c('views_count'), 'desc'],
    ],
    rating: [
      [c('rating_avg'), 'desc'],
      [c('rating_count'), 'desc'],
    ],
    downloads: [[c('downloads_count'), 'desc']],
    featured: [[c('featured'), 'desc']],
    trending: [
      [c('trending'), 'desc'],
      [c('trending_score'), 'desc'],
    ],
    price_low: [[c('price_minor'), 'asc']],
    price_high: [[c('price_minor'), 'desc']],
  };
  return [...(byKey[sort] ?? []), [c('created_at'), 'desc'], [c('id'), 'desc']];
}

/**
 * `tested_on` (a JSON list of model names) names the model: the name with its quotes, LIKE's
 * wildcards in it escaped, case ignored (both sides lowered: PostgreSQL's LIKE minds case, SQLite's not).
 */
export function passesPattern(model: string): string {
  return `%${JSON.stringify(model).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
export const passesSql = (column: RawBuilder<unknown>, model: string) =>
  sql<boolean>`lower(${column}) like ${passesPattern(model.toLowerCase())} escape '\\'`;

/**
 * Ids of one page of published prompts, read from the prompts table alone so a deep page skips
 * index entries, not joined rows.
 */
function pageIds(db: Kysely<DB>, f: ListFilters) {
  let q = db.selectFrom('prompts as q').select('q.id').where('q.status', '=', 'published');
  if (f.category) q = q.where('q.category', '=', f.category);
  if (f.type) q = q.where('q.type', '=', f.type);
  if (f.passes) q = q.where(passesSql(sql.ref('q.tested_on'), f.passes));
  for (const [ref, dir] of sortTerms(f.sort, 'q')) q = q.orderBy(ref, dir);
  return q.limit(f.limit).offset((f.page - 1) * f.limit);
}

/** How many published prompts a list (without a search) holds. */
export async function countListed(
  db: Kysely<DB>,
  f: Pick<ListFilters, 'category' | 'type' | 'passes'>,
): Promise<number> {
  let q = db.selectFrom('prompts').where('status', '=', 'published');
  if (f.category) q = q.where('category', '=', f.category);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.passes) q = q.where(passesSql(sql.ref('tested_on'), f.passes));
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of one page of published prompts, in order. */
export async function listPublishedIds(db: Kysely<DB>, f: ListFilters): Promise<string[]> {
  const rows = await pageIds(db, f).execute();
  return rows.map((r) => r.id);
}

export async function categoryCounts(db: Kysely<DB>) {
  return db
    .selectFrom('prompts')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'published')
    .groupBy('category')
    .execute();
}
