import type { z } from 'zod';
import { successEnvelope } from '../../../../shared/envelope';
import {
  CategoriesSchema,
  type MarketplaceQuerySchema,
  type SearchCountsQuerySchema,
  SearchCountsSchema,
  type PromptDetail,
  PromptDetailSchema,
  ReviewListSchema,
} from '../../../../shared/marketplace';
import { type Stamp, serializeWith } from '../../../lib/response-cache';
import { listCategories, listMarketplaceParts, searchCounts } from '../list';
import { readPromptDetail, withCurrentCounters } from '../prompt-page';
import { listPromptReviews } from '../reviews';
import { type CatalogueDeps, stampOf } from './catalogue';
import { type CatalogueVersion, pageIdsVersion } from './version';

/*
 * The catalogue's cached answers (the rules of what makes one stale: catalogue.ts): each read from
 * the response cache while current at the catalogue's version, else built once through the list,
 * prompt page and reviews functions. The routes send them; server rendering reads them as its data.
 */

type Query = z.output<typeof MarketplaceQuerySchema>;
type SearchCountsQuery = z.output<typeof SearchCountsQuerySchema>;
const countsResponse = successEnvelope(SearchCountsSchema);

/** What a cached prompt page keeps next to its bytes: the page, and the prompt whose views it counts. */
export interface PromptPage {
  detail: PromptDetail;
  viewsOf: string | null;
}

const detailResponse = successEnvelope(PromptDetailSchema);
const categoriesResponse = successEnvelope(CategoriesSchema);
const reviewsResponse = successEnvelope(ReviewListSchema);

/** A list page's order depends on its sort's version too (migration 0016). */
export const listStamp = (q: Query, v: CatalogueVersion): Stamp =>
  stampOf(v, pageIdsVersion(q.sort ?? 'latest', v));

/**
 * A list page without a search, from the cache while the catalogue holds at `version`. After a
 * write the page is read again, in pieces: when none of its cards changed (a like of a prompt it
 * does not show) the cache keeps the older bytes without joining, hashing or compressing them.
 */
export async function cachedList(deps: CatalogueDeps, q: Query, version: CatalogueVersion) {
  // Every field of the query that changes the answer is in the key (a filter left out would be
  // answered with the unfiltered list); `passes` as JSON, since a model name may hold a bar.
  const key = `list|${q.category ?? ''}|${q.type ?? ''}|${q.sort ?? ''}|${q.page}|${q.limit}|${q.passes === undefined ? '' : JSON.stringify(q.passes)}`;
  const entry = await deps.catalogue.cache.get(key, listStamp(q, version), async () => {
    const { parts, ids } = await listMarketplaceParts(deps, q, version);
    return { body: parts, shows: ids };
  });
  return { key, entry };
}

/**
 * A search's page, from the search cache while the catalogue holds (popular searches repeat: the
 * second asker is not ranked again). Keyed by the whole query (the text as typed, filters, sort,
 * page); its order depends on the sort's version and, ranked by relevance, on `standing` (the
 * rating, downloads and trending score its quality reads, ranking.ts). A like or a view of a prompt
 * it shows re-reads the page, as for lists.
 */
export async function cachedSearch(deps: CatalogueDeps, q: Query, version: CatalogueVersion) {
  const key = `search|${JSON.stringify(q)}`;
  const order = `${pageIdsVersion(q.sort ?? 'relevance', version)}|${version.standing}`;
  const entry = await deps.catalogue.searches.get(key, stampOf(version, order), async () => {
    const { parts, ids } = await listMarketplaceParts(deps, q, version);
    return { body: parts, shows: ids };
  });
  return { key, entry };
}

/** A search's matches per category and type: which prompts match moves with `content` alone. */
export async function cachedSearchCounts(
  deps: CatalogueDeps,
  q: SearchCountsQuery,
  version: CatalogueVersion,
) {
  const key = `counts|${JSON.stringify(q)}`;
  const entry = await deps.catalogue.searches.get(key, stampOf(version), async () => ({
    body: serializeWith(countsResponse, { success: true, data: await searchCounts(deps, q) }),
    shows: [],
  }));
  return { key, entry };
}

/** The counts of published prompts: no prompt's likes or views. */
export const cachedCategories = (deps: CatalogueDeps, version: CatalogueVersion) =>
  deps.catalogue.cache.get('categories', stampOf(version), async () => ({
    body: serializeWith(categoriesResponse, { success: true, data: await listCategories(deps) }),
    shows: [],
  }));

/**
 * A prompt's page as an anonymous caller sees it, from the cache while the catalogue holds. After
 * a like or a view of it, only its counters are read again (decision 030).
 */
export async function anonymousPrompt(deps: CatalogueDeps, idOrSlug: string) {
  const key = `prompt|${idOrSlug}`;
  const entry = await deps.catalogue.cache.get(key, await deps.catalogue.current(), async (counted) => {
    const kept = counted?.meta as PromptPage | undefined;
    const detail = kept && (await withCurrentCounters(deps, kept.detail));
    const page: PromptPage = detail
      ? { ...kept, detail }
      : await readPromptDetail(deps, idOrSlug, null).then((read) => ({
          detail: read.detail,
          viewsOf: read.published ? read.detail.id : null,
        }));
    return {
      body: serializeWith(detailResponse, { success: true, data: page.detail }),
      meta: page,
      shows: [page.detail.id],
    };
  });
  return { key, entry, viewsOf: (entry.meta as PromptPage).viewsOf };
}

/**
 * A public prompt's page of reviews, the same for every caller: one cached answer serves them all
 * (the same work with a token or without, so scenario 5's twins measure authentication). Reviews
 * and the rating only: no likes or views. Throws not found for a prompt that is not public.
 */
export async function cachedReviews(deps: CatalogueDeps, id: string, page: number, limit: number) {
  const key = `reviews|${id}|${page}|${limit}`;
  const entry = await deps.catalogue.cache.get(key, await deps.catalogue.current(), async () => ({
    body: serializeWith(reviewsResponse, {
      success: true,
      data: await listPromptReviews(deps, id, null, page, limit),
    }),
    shows: [],
  }));
  return { key, entry };
}
