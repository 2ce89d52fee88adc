import { type Kysely, sql } from 'kysely';
import type { Category, PromptType, Sort } from '../../../shared/constants';
import type { DB } from '../../db/types';

export interface ListFilters {
  search?: string;
  category?: Category;
  type?: PromptType;
  sort: Sort;
  page: number;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function publishedPrompts(db: Kysely<DB>, f: ListFilters) {
  let q = db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .where('p.status', '=', 'published');
  if (f.category) q = q.where('p.category', '=', f.category);
  if (f.type) q = q.where('p.type', '=', f.type);
  const term = f.search?.trim();
  if (term) {
    // First form: a plain substring match. The marketplace issue replaces it with full-text search.
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(p.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(p.description)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

/** One page of published prompts with their authors, and the total that match. */
export async function listPublishedPrompts(db: Kysely<DB>, f: ListFilters) {
  const base = publishedPrompts(db, f);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  let q = base.select([
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
    'p.rating_sum',
    'p.rating_count',
    'p.featured',
    'p.trending',
    'p.created_at',
    'p.published_at',
    'u.id as author_id',
    'u.name as author_name',
    'u.avatar_url as author_avatar',
  ]);
  const ratingAvg = sql`(case when p.rating_count = 0 then 0 else cast(p.rating_sum as real) / p.rating_count end)`;
  switch (f.sort) {
    case 'popular':
      q = q.orderBy('p.likes_count', 'desc').orderBy('p.views_count', 'desc');
      break;
    case 'rating':
      q = q.orderBy(ratingAvg, 'desc').orderBy('p.rating_count', 'desc');
      break;
    case 'downloads':
      q = q.orderBy('p.downloads_count', 'desc');
      break;
    case 'featured':
      q = q.orderBy('p.featured', 'desc');
      break;
    case 'trending':
      q = q.orderBy('p.trending', 'desc').orderBy('p.trending_score', 'desc');
      break;
    case 'price_low':
      q = q.orderBy('p.price_minor', 'asc');
      break;
    case 'price_high':
      q = q.orderBy('p.price_minor', 'desc');
      break;
    case 'latest':
      break;
  }
  const rows = await q
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, total: Number(totalRow?.total ?? 0) };
}

export type PromptListRow = Awaited<ReturnType<typeof listPublishedPrompts>>['rows'][number];
