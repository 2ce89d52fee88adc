import type { Category, PromptType } from '../../../shared/constants';
import { type MarketplacePrompt, MarketplacePromptSchema } from '../../../shared/marketplace';
import { jsonWriter } from '../../lib/json-serializer';
import { fromMinor, storedMinor } from '../../lib/money';
import { parseTags, roundRating } from '../../lib/prompt-fields';
import type { PromptCardRow } from './cards-repository';

/*
 * A prompt's card, as every list, search and prompt page shows it: made from its row once per row
 * object, and its JSON written once too (WeakMaps keyed by the row: a changed prompt is a new row
 * object, and a row nobody holds is dropped with its card).
 */

type Tallies = Pick<
  PromptCardRow,
  'likes_count' | 'views_count' | 'downloads_count' | 'rating_avg' | 'rating_count'
>;

/** What a card shows of a prompt's counters. */
export const talliesOf = (row: Tallies) => ({
  likes: row.likes_count,
  views: row.views_count,
  analytics: {
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
    downloads: row.downloads_count,
    views: row.views_count,
  },
});

export function toMarketplacePrompt(row: PromptCardRow): MarketplacePrompt {
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
    priceMinor: storedMinor(row.price_minor),
    currency: row.currency,
    ...talliesOf(row),
    author: { id: row.author_id, name: row.author_name, avatar: row.author_avatar },
    metadata: { featured: row.featured === 1, trending: row.trending === 1 },
    tested:
      row.tested_on && row.tested_at
        ? { on: JSON.parse(row.tested_on) as string[], at: row.tested_at }
        : null,
    createdAt: row.published_at ?? row.created_at,
  };
}

/** A card made once per row object (a list page's rows may be converted twice: as data and as JSON). */
const cards = new WeakMap<PromptCardRow, MarketplacePrompt>();
export function cardOf(row: PromptCardRow): MarketplacePrompt {
  let card = cards.get(row);
  if (!card) {
    card = toMarketplacePrompt(row);
    cards.set(row, card);
  }
  return card;
}

/**
 * The same for the card's JSON, kept as UTF-8 bytes: a page of a list or a search is copied
 * together from its cards' bytes, each written once per version of its row (checked against the
 * card schema, as the route's serializer would check it).
 */
const writeCard = jsonWriter(MarketplacePromptSchema);
const cardJson = new WeakMap<PromptCardRow, Buffer>();
export function cardJsonOf(row: PromptCardRow): Buffer {
  let json = cardJson.get(row);
  if (json === undefined) {
    json = Buffer.from(writeCard(cardOf(row)));
    cardJson.set(row, json);
  }
  return json;
}
