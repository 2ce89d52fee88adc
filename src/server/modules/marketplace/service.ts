import type { Kysely } from 'kysely';
import type { Category, PromptType } from '../../../shared/constants';
import type { MarketplaceList, MarketplacePrompt } from '../../../shared/marketplace';
import type { DB } from '../../db/types';
import { fromMinor } from '../../lib/money';
import { type ListFilters, type PromptListRow, listPublishedPrompts } from './repository';

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function toMarketplacePrompt(row: PromptListRow): MarketplacePrompt {
  const average = row.rating_count > 0 ? Math.round((row.rating_sum / row.rating_count) * 10) / 10 : 0;
  return {
    id: row.id,
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category as Category,
    tags: parseTags(row.tags),
    type: row.type as PromptType,
    price: fromMinor(row.price_minor),
    priceMinor: row.price_minor,
    currency: row.currency,
    likes: row.likes_count,
    views: row.views_count,
    author: { id: row.author_id, name: row.author_name, avatar: row.author_avatar },
    analytics: {
      rating: { average, count: row.rating_count },
      downloads: row.downloads_count,
      views: row.views_count,
    },
    metadata: { featured: row.featured === 1, trending: row.trending === 1 },
    createdAt: row.published_at ?? row.created_at,
  };
}

/** A page of the public catalogue: published prompts only. */
export async function listMarketplacePrompts(db: Kysely<DB>, filters: ListFilters): Promise<MarketplaceList> {
  const { rows, total } = await listPublishedPrompts(db, filters);
  return {
    prompts: rows.map(toMarketplacePrompt),
    pagination: {
      page: filters.page,
      limit: filters.limit,
      total,
      pages: Math.ceil(total / filters.limit),
    },
  };
}
