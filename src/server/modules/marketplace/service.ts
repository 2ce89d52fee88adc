import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  PROMPT_TYPES,
  type PromptType,
  type Sort,
} from '../../../shared/constants';
import {
  type CreateReviewSchema,
  type MarketplaceList,
  type MarketplacePrompt,
  MarketplacePromptSchema,
  type MarketplaceQuerySchema,
  PaginationSchema,
  type PromptDetail,
  type Review,
  type SearchCounts,
  SearchInfoSchema,
} from '../../../shared/marketplace';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { jsonWriter } from '../../lib/json-serializer';
import { fromMinor, storedMinor } from '../../lib/money';
import { newId, nowIso, todayUtc } from '../../lib/time';
import type { CatalogueVersion } from '../../lib/response-cache';
import type { AuthContext } from '../../plugins/app/auth';
import { ownsPrompt, promptAccess } from '../prompt-access/service';
import * as repo from './repository';
import type { ViewCounter } from './views';
import {
  FEW_MATCHES,
  type SearchPlan,
  planSearch,
  searchFacets,
  searchPage,
  suggestCorrection,
} from './search-repository';
import type { z } from 'zod';

// Size: Over 400 lines: split by job with the marketplace restructure of issue 54; not done yet.

export interface MarketplaceDeps {
  db: Kysely<DB>;
  engine: Engine;
  /** Totals of unsearched lists by catalogue membership version (see createVersionedMap). */
  totals?: VersionedMap<number>;
  /** The ids of unsearched list pages by the versions their order depends on (see pageIdsVersion). */
  pageIds?: VersionedMap<string[]>;
  /** Where prompt-page views are noted; without one they are written at once. */
  views?: ViewCounter;
}

/**
 * Values kept by key under a version of the catalogue, used only while the version is the same.
 * Counting every published prompt costs milliseconds once the catalogue is large, and the answer
 * changes only when a prompt joins or leaves a list: the total of an unsearched list (one per
 * category and type) is kept until the catalogue's membership version moves (migration 0012). A
 * page's ids are kept until a version its order depends on moves (migration 0016).
 */
export function createVersionedMap<T>(maxEntries = 64) {
  const entries = new Map<string, { value: T; version: number | string }>();
  return {
    get(key: string, version: number | string): T | undefined {
      const e = entries.get(key);
      return e?.version === version ? e.value : undefined;
    },
    set(key: string, version: number | string, value: T) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, version });
    },
    clear() {
      entries.clear();
    },
  };
}
export type VersionedMap<T> = ReturnType<typeof createVersionedMap<T>>;

/**
 * The versions an unsearched list page's ids depend on, in its sort (migration 0016): which prompts
 * the list holds and their created order (`membership`), and for a sort by a counter or a flag the
 * version that moves with it. The newest-first order (and relevance without a search, which is
 * the same) depends on membership alone: a like re-reads only the popular order's ids.
 */
export function pageIdsVersion(sort: Sort, v: CatalogueVersion): string {
  switch (sort) {
    case 'latest':
    case 'relevance':
      return `${v.membership}`;
    case 'popular':
      return `${v.membership}.${v.popularity}`;
    default:
      return `${v.membership}.${v.standing}`;
  }
}

export const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';
export const PREMIUM_LOCKED = 'This is a premium prompt. Buy it to see and download the full text.';
const PREVIEW_CHARS = 160;

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const roundRating = (avg: number) => Math.round(avg * 10) / 10;

type Tallies = Pick<
  repo.PromptCardRow,
  'likes_count' | 'views_count' | 'downloads_count' | 'rating_avg' | 'rating_count'
>;

/** What a card shows of a prompt's counters. */
const talliesOf = (row: Tallies) => ({
  likes: row.likes_count,
  views: row.views_count,
  analytics: {
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
    downloads: row.downloads_count,
    views: row.views_count,
  },
});

export function toMarketplacePrompt(row: repo.PromptCardRow): MarketplacePrompt {
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
    createdAt: row.published_at ?? row.created_at,
  };
}

/** A card made once per row object (a list page's rows may be converted twice: as data and as JSON). */
const cards = new WeakMap<repo.PromptCardRow, MarketplacePrompt>();
function cardOf(row: repo.PromptCardRow): MarketplacePrompt {
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
const writePagination = jsonWriter(PaginationSchema);
const cardJson = new WeakMap<repo.PromptCardRow, Buffer>();
function cardJsonOf(row: repo.PromptCardRow): Buffer {
  let json = cardJson.get(row);
  if (json === undefined) {
    json = Buffer.from(writeCard(cardOf(row)));
    cardJson.set(row, json);
  }
  return json;
}
const LIST_HEAD = Buffer.from('{"success":true,"data":{"prompts":[');
const COMMA = Buffer.from(',');

/** A page of the public catalogue: published prompts only, searched by relevance when asked. */
export async function listMarketplacePrompts(
  deps: MarketplaceDeps,
  query: z.output<typeof MarketplaceQuerySchema>,
  /** The catalogue's version read before this call: totals are cached under it. */
  version?: CatalogueVersion,
): Promise<MarketplaceList> {
  const { rows, pagination, search } = await listPage(deps, query, version);
  return { prompts: rows.map(cardOf), pagination, ...(search ? { search } : {}) };
}

/**
 * The list's answer as the route's serializer writes it, `{"success":true,"data":{"prompts":[...],
 * "pagination":{...}}}` (JSON.stringify of an object is its parts' JSON joined), in UTF-8: a card's
 * JSON is written once per row read.
 */
export async function listMarketplaceJson(
  deps: MarketplaceDeps,
  query: z.output<typeof MarketplaceQuerySchema>,
  version?: CatalogueVersion,
): Promise<Buffer> {
  return Buffer.concat((await listMarketplaceParts(deps, query, version)).parts);
}

/**
 * The same answer in its pieces, in order, not yet joined (a cached list compares them first), and
 * the ids of the prompts it shows.
 */
export async function listMarketplaceParts(
  deps: MarketplaceDeps,
  query: z.output<typeof MarketplaceQuerySchema>,
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

type SearchInfo = NonNullable<MarketplaceList['search']>;
const writeSearchInfo = jsonWriter(SearchInfoSchema);

async function listPage(
  deps: MarketplaceDeps,
  query: z.output<typeof MarketplaceQuerySchema>,
  version: CatalogueVersion | undefined,
): Promise<{ rows: repo.PromptCardRow[]; pagination: MarketplaceList['pagination']; search?: SearchInfo }> {
  const pagination = (total: number) => ({
    page: query.page,
    limit: query.limit,
    total,
    pages: Math.ceil(total / query.limit),
  });
  const text = query.search?.trim() ?? '';
  if (text) {
    const plan = await planSearch(deps.db, deps.engine, text);
    // Something was typed but nothing in it can match (only punctuation or emoji): nothing matches.
    if (!plan) return { rows: [], pagination: pagination(0), search: { highlight: [], suggestion: null } };
    const { ids, total } = await searchPage(deps.db, deps.engine, plan, {
      status: 'published',
      category: query.category,
      type: query.type,
      sort: query.sort ?? 'relevance',
      page: query.page,
      limit: query.limit,
    });
    // Few matches and no typo corrected: a word may be a misspelling some prompt shares.
    const suggestion =
      plan.suggestion ??
      (total <= FEW_MATCHES && query.page === 1 ? await suggestCorrection(deps.db, deps.engine, text) : null);
    return {
      rows: inOrder(ids, await repo.cardsByIds(deps.db, deps.engine, ids)),
      pagination: pagination(total),
      search: { highlight: plan.highlight, suggestion },
    };
  }
  const f: repo.ListFilters = {
    category: query.category,
    type: query.type,
    sort: query.sort ?? 'latest',
    page: query.page,
    limit: query.limit,
  };
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
    rows: inOrder(ids, await repo.cardsByIds(deps.db, deps.engine, ids)),
    pagination: pagination(total),
  };
}

/** Rows in the order of `ids` (a prompt gone since is left out). */
function inOrder(ids: string[], rows: repo.PromptCardRow[]): repo.PromptCardRow[] {
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

/** The opening of a premium prompt, cut at a word: enough to judge it, never the prompt itself. */
export function premiumPreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const limit = Math.min(PREVIEW_CHARS, Math.floor(flat.length / 3));
  const cut = flat.slice(0, limit);
  const atWord = cut.lastIndexOf(' ') > limit / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord}…`;
}

/**
 * Finds a prompt the caller may see (prompt-access decides: published, their own, one they bought,
 * or any for an admin), with the caller's access to its text.
 */
async function visiblePrompt(db: Kysely<DB>, idOrSlug: string, auth: AuthContext | null) {
  const row = await repo.findPromptByIdOrSlug(db, idOrSlug);
  if (!row) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  const access = await promptAccess(db, row, auth);
  if (!access.visible) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return { row, access };
}

async function canReview(db: Kysely<DB>, row: repo.PromptDetailRow, userId: string): Promise<boolean> {
  if (row.author_id === userId || row.status !== 'published') return false;
  return (await repo.hasTried(db, row.id, userId)) || (await ownsPrompt(db, row.id, userId));
}

/** Who is looking at a prompt's page, for counting views once per viewer per day. */
export interface Viewer {
  auth: AuthContext | null;
  ip: string;
  userAgent: string;
}

/** Anonymous viewers' keys by address and browser, kept for repeat views (cleared when full). */
const anonymousKeys = new Map<string, string>();
const MAX_ANONYMOUS_KEYS = 10_000;

/** A signed-in user by id, anyone else by an address-and-browser fingerprint, hashed, never stored as is. */
export function viewerKey(viewer: Viewer): string {
  if (viewer.auth) return `u:${viewer.auth.userId}`;
  const text = `${viewer.ip}|${viewer.userAgent}`;
  let key = anonymousKeys.get(text);
  if (key === undefined) {
    key = `a:${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (anonymousKeys.size >= MAX_ANONYMOUS_KEYS) anonymousKeys.clear();
    anonymousKeys.set(text, key);
  }
  return key;
}

/**
 * Counts a view of a published prompt. Anonymous views, the bulk of a public marketplace's traffic
 * and the ones served from the shared cache, are batched (decision 010) and noted at once, without
 * a promise; a signed-in user's is written now (one per user per day, and creators' analytics show
 * it as it happens).
 */
export function countView(
  deps: MarketplaceDeps,
  promptId: string,
  viewer: Viewer,
): Promise<void> | undefined {
  const key = viewerKey(viewer);
  if (deps.views && !viewer.auth) {
    deps.views.record(promptId, key);
    return undefined;
  }
  return writeView(deps, promptId, key);
}

async function writeView(deps: MarketplaceDeps, promptId: string, key: string) {
  if (await repo.insertView(deps.db, promptId, key, todayUtc())) {
    await repo.addViews(deps.db, promptId, 1);
  }
}

/**
 * A prompt's page as `auth` sees it, and whether it is published (only those count views). The
 * figures are the stored ones: a view is counted after the answer (countView).
 */
export async function readPromptDetail(
  deps: MarketplaceDeps,
  idOrSlug: string,
  auth: AuthContext | null,
): Promise<{ detail: PromptDetail; published: boolean }> {
  const { db } = deps;
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  const { reason, canRead: canView } = access;
  const userId = auth?.userId;
  const [liked, downloaded, reviewable, mine, promptCount, breakdown] = await Promise.all([
    userId ? repo.hasLiked(db, row.id, userId) : false,
    userId ? repo.hasDownloaded(db, row.id, userId) : false,
    userId ? canReview(db, row, userId) : false,
    userId ? repo.findReview(db, row.id, userId) : undefined,
    repo.countPublishedByAuthor(db, row.author_id),
    repo.ratingBreakdown(db, row.id),
  ]);
  const card = toMarketplacePrompt(row);
  const detail: PromptDetail = {
    ...card,
    author: { ...card.author, bio: row.author_bio, promptCount },
    content: canView ? row.content : null,
    preview: canView ? null : premiumPreview(row.content),
    access: {
      canViewContent: canView,
      reason,
      liked,
      downloaded,
      canReview: reviewable,
      myReview: mine ? { rating: mine.rating, body: mine.body } : null,
    },
    ratingBreakdown: breakdown,
    updatedAt: row.updated_at,
  };
  return { detail, published: row.status === 'published' };
}

/**
 * A page read earlier with its prompt's counters read again, the rest as it was: for a cached page
 * after a like or a counted view, which change nothing else a page shows (migration 0017).
 * Undefined when the prompt is gone.
 */
export async function withCurrentCounters(
  deps: MarketplaceDeps,
  detail: PromptDetail,
): Promise<PromptDetail | undefined> {
  const counters = await repo.findPromptCounters(deps.db, detail.id);
  return counters && { ...detail, ...talliesOf(counters) };
}

/** A prompt's page; counts the view once per viewer per day. */
export async function getPromptDetail(deps: MarketplaceDeps, idOrSlug: string, viewer: Viewer) {
  const { detail, published } = await readPromptDetail(deps, idOrSlug, viewer.auth);
  if (published) await countView(deps, detail.id, viewer);
  return detail;
}

async function publishedPrompt(db: Kysely<DB>, idOrSlug: string, auth: AuthContext) {
  const { row } = await visiblePrompt(db, idOrSlug, auth);
  if (row.status !== 'published') throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return row;
}

/** Likes or unlikes; with `liked` given the call is idempotent, without it it toggles. */
export async function setLike(deps: MarketplaceDeps, idOrSlug: string, auth: AuthContext, liked?: boolean) {
  const { db } = deps;
  let prompt = idOrSlug;
  let want = liked;
  if (want === undefined || deps.engine === 'sqlite') {
    // Only a published prompt can be liked: anything else is "not found" to everyone, its author too.
    const row = await repo.findPublishedPromptId(db, idOrSlug);
    if (!row) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
    prompt = row.id;
    want ??= !(await repo.hasLiked(db, row.id, auth.userId));
  }
  if (deps.engine === 'postgres') {
    // One round trip, where the transaction below takes seven on PostgreSQL (finding the published
    // prompt included, so a prompt unpublished since it was found is not found here either).
    const done = await repo.setLikeAtOnce(db, prompt, auth.userId, want);
    if (!done) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
    return { liked: want, likes: done.likes };
  }
  await db.transaction().execute(async (trx) => {
    if (want) {
      if (await repo.addLike(trx, prompt, auth.userId, nowIso())) {
        await recordActivity(trx, { type: 'prompt.liked', actorId: auth.userId, promptId: prompt });
      }
    } else {
      await repo.removeLike(trx, prompt, auth.userId);
    }
  });
  const counters = await repo.promptCounters(db, prompt);
  return { liked: want, likes: counters.likes_count };
}

/** The full text for entitled callers; the first download by each user is counted. */
export async function downloadPrompt(deps: MarketplaceDeps, idOrSlug: string, auth: AuthContext) {
  const { db } = deps;
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  if (!access.canRead) throw new AppError('AUTHORIZATION_ERROR', PREMIUM_LOCKED);
  if (row.status === 'published') {
    await db.transaction().execute(async (trx) => {
      if (await repo.addDownload(trx, row.id, auth.userId, nowIso())) {
        await recordActivity(trx, { type: 'prompt.downloaded', actorId: auth.userId, promptId: row.id });
      }
    });
  }
  const counters = await repo.promptCounters(db, row.id);
  return { title: row.title, content: row.content, downloads: counters.downloads_count };
}

function toReview(r: repo.ReviewRow): Review {
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    author: { id: r.user_id, name: r.name, avatar: r.avatar_url },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listPromptReviews(
  deps: MarketplaceDeps,
  idOrSlug: string,
  auth: AuthContext | null,
  page: number,
  limit: number,
) {
  // The prompt's row has its rating: the page's figures come with it (one statement fewer).
  const { row } = await visiblePrompt(deps.db, idOrSlug, auth);
  const reviews = await repo.listReviews(deps.db, row.id, page, limit);
  return {
    reviews: reviews.map(toReview),
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
    pagination: {
      page,
      limit,
      total: row.rating_count,
      pages: Math.ceil(row.rating_count / limit),
    },
  };
}

/**
 * One review per user per prompt: a second call edits the first. Only people who tried the prompt
 * in the playground or bought it may review, and never its author.
 */
export async function submitReview(
  deps: MarketplaceDeps,
  idOrSlug: string,
  auth: AuthContext,
  input: z.output<typeof CreateReviewSchema>,
) {
  const { db } = deps;
  const row = await publishedPrompt(db, idOrSlug, auth);
  if (row.author_id === auth.userId) {
    throw new AppError('AUTHORIZATION_ERROR', 'You cannot review your own prompt.');
  }
  if (!(await canReview(db, row, auth.userId))) {
    throw new AppError(
      'AUTHORIZATION_ERROR',
      'Try this prompt in the playground (or buy it) before reviewing it.',
    );
  }
  const result = await db.transaction().execute(async (trx) => {
    const saved = await repo.upsertReview(trx, {
      id: newId(),
      promptId: row.id,
      userId: auth.userId,
      rating: input.rating,
      body: input.body,
      now: nowIso(),
    });
    if (saved.created)
      await recordActivity(trx, { type: 'prompt.reviewed', actorId: auth.userId, promptId: row.id });
    return saved;
  });
  const [review, counters] = await Promise.all([
    repo.findReviewWithAuthor(db, result.id),
    repo.promptCounters(db, row.id),
  ]);
  return {
    review: toReview(review),
    rating: { average: roundRating(Number(counters.rating_avg)), count: counters.rating_count },
    created: result.created,
  };
}

export async function listCategories(deps: MarketplaceDeps) {
  const counts = new Map((await repo.categoryCounts(deps.db)).map((r) => [r.category, Number(r.n)]));
  return {
    categories: CATEGORIES.map((id) => ({ id, name: CATEGORY_LABELS[id], count: counts.get(id) ?? 0 })),
  };
}

/** Activity weights for trending: a purchase says more than a like. */
export const TRENDING_WEIGHTS = {
  'prompt.liked': 1,
  'prompt.downloaded': 2,
  'prompt.tried': 2,
  'prompt.purchased': 5,
} as const;
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_TOP = 12;

/**
 * Recomputes trending from the last seven days of likes, downloads, tries and purchases: every
 * prompt gets its score, and the top ones the Trending badge. One grouped query and a few updates,
 * so it can run every few minutes.
 */
export async function refreshTrending(deps: MarketplaceDeps, now = new Date()) {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
  const [rows, pinned] = await Promise.all([
    repo.recentActivityScores(deps.db, since, TRENDING_WEIGHTS),
    repo.trendingPinnedIds(deps.db),
  ]);
  const ranked = rows
    .map((r) => ({ promptId: r.prompt_id as string, score: Number(r.score) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.promptId.localeCompare(b.promptId));
  // Prompts an admin pinned keep the admin's choice and do not take one of the computed places.
  const top = ranked.filter((r) => !pinned.has(r.promptId)).slice(0, TRENDING_TOP);
  const topIds = new Set(top.map((r) => r.promptId));
  await repo.writeTrending(
    deps.db,
    ranked.map((r) => ({ ...r, trending: topIds.has(r.promptId) })),
  );
  return top.map((r) => r.promptId);
}
