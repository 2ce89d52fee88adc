import type { z } from 'zod';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  PROMPT_TYPES,
  type PromptType,
} from '../../../shared/constants';
import {
  type MarketplaceList,
  type MarketplaceQuerySchema,
  PaginationSchema,
  type SearchCounts,
  SearchInfoSchema,
} from '../../../shared/marketplace';
import type { Engine } from '../../db/database';
import { jsonWriter } from '../../lib/json-serializer';
import { cardJsonOf, cardOf } from './cards';
import { type PromptCardRow, cardsByIds } from './cards-repository';
import { type CatalogueVersion, pageIdsVersion } from './catalogue/version';
import type { MarketplaceDeps } from './deps';
import * as repo from './list-repository';
import {
  FEW_MATCHES,
  type SearchPlan,
  matchesSearch,
  planSearch,
  searchFacets,
  searchPage,
  suggestCorrection,
} from './search-repository';

/** List and search: a page of the public catalogue, its JSON, the search's counts, the categories. */

type Query = z.output<typeof MarketplaceQuerySchema>;
type SearchInfo = NonNullable<MarketplaceList['search']>;
type Page = { rows: PromptCardRow[]; pagination: MarketplaceList['pagination']; search?: SearchInfo };

const writePagination = jsonWriter(PaginationSchema);
const writeSearchInfo = jsonWriter(SearchInfoSchema);
const LIST_HEAD = Buffer.from('{"success":true,"data":{"prompts":[');
const COMMA = Buffer.from(',');

/** A page of the public catalogue: published prompts only, searched by relevance when asked. */
export async function listMarketplacePrompts(
  deps: MarketplaceDeps,
  query: Query,
  /** The catalogue's version read before this call: totals are cached under it. */
  version?: CatalogueVersion,
): Promise<MarketplaceList> {
  const { rows, pagination, search } = await listPage(deps, query, version);
  return { prompts: rows.map(cardOf), pagination, ...(search ? { search } : {}) };
}

/**
 * The list's answer as the route's serializer writes it, `{"success":true,"data":{"prompts":[...],
 * "pagination":{...}}}` (JSON.stringify of an object is its parts' JSON joined), in UTF-8, in its
 * pieces, in order, not yet joined (a cached answer compares them first), and the ids of the
 * prompts it shows: a card's JSON is written once per row read.
 */
export async function listMarketplaceParts(
  deps: MarketplaceDeps,
  query: Query,
  version?: CatalogueVersion,
): Promise<{ parts: Buffer[]; ids: string[] }> {
  const { rows, pagination, search } = await listPage(deps, query, version);
  const parts: Buffer[] = [LIST_HEAD];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(cardJsonOf(rows[i]!));
  }
  parts.push(Buffer.from(`],"pagination":${writePagination(pagination)}`));
  if (search) parts.push(Buffer.from(`,"search":${writeSearchInfo(search)}`));
  parts.push(Buffer.from('}}'));
  return { parts, ids: rows.map((r) => r.id) };
}

const paginationOf = (query: Query, total: number) => ({
  page: query.page,
  limit: query.limit,
  total,
  pages: Math.ceil(total / query.limit),
});

function listPage(deps: MarketplaceDeps, query: Query, version: CatalogueVersion | undefined): Promise<Page> {
  const text = query.search?.trim() ?? '';
  return text ? searchedPage(deps, query, text) : unsearchedPage(deps, query, version);
}

/** A page of a search's matches, with the words to highlight and a correction. */
async function searchedPage(deps: MarketplaceDeps, query: Query, text: string): Promise<Page> {
  const plan = await planSearch(deps.db, deps.engine, text);
  // Something was typed but nothing in it can match (only punctuation or emoji): nothing matches.
  if (!plan)
    return { rows: [], pagination: paginationOf(query, 0), search: { highlight: [], suggestion: null } };
  const { ids, total } = await searchPage(deps.db, deps.engine, plan, {
    status: 'published',
    category: query.category,
    type: query.type,
    passes: query.passes,
    sort: query.sort ?? 'relevance',
    page: query.page,
    limit: query.limit,
  });
  // Few matches and no typo corrected: a word may be a misspelling some prompt shares.
  const suggestion =
    plan.suggestion ??
    (total <= FEW_MATCHES && query.page === 1 ? await suggestCorrection(deps.db, deps.engine, text) : null);
  return {
    rows: inOrder(ids, await cardsByIds(deps.db, deps.engine, ids)),
    pagination: paginationOf(query, total),
    search: { highlight: plan.highlight, suggestion },
  };
}

/**
 * A page of a list without a search: its ids and total from the versioned maps while the versions
 * they were read under hold (catalogue/version.ts), else from the database.
 */
async function unsearchedPage(
  deps: MarketplaceDeps,
  query: Query,
  version: CatalogueVersion | undefined,
): Promise<Page> {
  const f: repo.ListFilters = {
    category: query.category,
    type: query.type,
    passes: query.passes,
    sort: query.sort ?? 'latest',
    page: query.page,
    limit: query.limit,
  };
  // Which prompts pass on a model moves with `content` (a run writes `tested_on`), which keys
  // neither map: a list filtered by it reads its ids and total again each time it is built.
  if (f.passes) {
    const [ids, total] = await Promise.all([repo.listPublishedIds(deps.db, f), repo.countListed(deps.db, f)]);
    return {
      rows: inOrder(ids, await cardsByIds(deps.db, deps.engine, ids)),
      pagination: paginationOf(query, total),
    };
  }
  const membership = version?.membership;
  const totalKey = deps.totals && membership !== undefined ? `${f.category ?? '*'}|${f.type ?? '*'}` : null;
  const knownTotal = totalKey ? deps.totals?.get(totalKey, membership!) : undefined;
  const key = `${f.category ?? '*'}|${f.type ?? '*'}|${f.sort}|${f.page}|${f.limit}`;
  const idsVersion = version && deps.pageIds ? pageIdsVersion(f.sort, version) : undefined;
  const keptIds = idsVersion === undefined ? undefined : deps.pageIds!.get(key, idsVersion);
  const [ids, total] = await Promise.all([
    keptIds ?? repo.listPublishedIds(deps.db, f),
    knownTotal ?? repo.countListed(deps.db, f),
  ]);
  // Read after the version was: never older than it (a newer write's ids are only re-read later).
  if (idsVersion !== undefined && keptIds === undefined) deps.pageIds!.set(key, idsVersion, ids);
  if (totalKey && knownTotal === undefined) deps.totals?.set(totalKey, membership!, total);
  return {
    rows: inOrder(ids, await cardsByIds(deps.db, deps.engine, ids)),
    pagination: paginationOf(query, total),
  };
}

/** Rows in the order of `ids` (a prompt gone since is left out). */
function inOrder(ids: string[], rows: PromptCardRow[]): PromptCardRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many published prompts a search matches in each category and type: a category's count under
 * the chosen type, a type's under the chosen category (so each filter shows what choosing it gives).
 */
export async function searchCounts(
  deps: MarketplaceDeps,
  query: { search: string; category?: Category; type?: PromptType },
): Promise<SearchCounts> {
  const plan: SearchPlan | null = await planSearch(deps.db, deps.engine, query.search);
  const rows = plan ? await searchFacets(deps.db, deps.engine, plan, 'published') : [];
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const types = Object.fromEntries(PROMPT_TYPES.map((t) => [t, 0])) as Record<PromptType, number>;
  for (const r of rows) {
    if (!query.type || r.type === query.type) categories[r.category as Category] += r.n;
    if (!query.category || r.category === query.category) types[r.type as PromptType] += r.n;
  }
  return { categories, types };
}

export async function listCategories(deps: MarketplaceDeps) {
  const counts = new Map((await repo.categoryCounts(deps.db)).map((r) => [r.category, Number(r.n)]));
  return {
    categories: CATEGORIES.map((id) => ({ id, name: CATEGORY_LABELS[id], count: counts.get(id) ?? 0 })),
  };
}

/*
 * The marketplace's search for another module (the admin panel's prompt search matches the same
 * way, every status): the plan of what was typed, and the condition a prompt row matching it meets.
 */
export type { SearchPlan } from './search-repository';

/** What was typed made ready for the database (planSearch): null when nothing searchable is left. */
export const planCatalogueSearch = (deps: Pick<MarketplaceDeps, 'db' | 'engine'>, text: string) =>
  planSearch(deps.db, deps.engine, text);

/** A condition on the prompts table under `alias`: the prompt matches the search (any status). */
export const searchCondition = (engine: Engine, plan: SearchPlan, alias: string) =>
  matchesSearch(engine, plan, alias);
