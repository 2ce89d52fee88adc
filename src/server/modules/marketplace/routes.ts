import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { PAGING } from '../../../shared/constants';
import { successEnvelope } from '../../../shared/envelope';
import {
  CategoriesSchema,
  CreateReviewSchema,
  DownloadResultSchema,
  LikeBodySchema,
  LikeResultSchema,
  MarketplaceListSchema,
  MarketplaceQuerySchema,
  type PromptDetail,
  PromptDetailSchema,
  PromptParamsSchema,
  ReviewListSchema,
  ReviewResultSchema,
  ReviewsQuerySchema,
  SearchCountsQuerySchema,
  SearchCountsSchema,
} from '../../../shared/marketplace';
import {
  type CachedResponse,
  type CatalogueVersion,
  type Stamp,
  catalogueVersionReader,
  createResponseCache,
  sendCached,
  serializeWith,
} from '../../lib/response-cache';
import type { FrontRoute } from '../../plugins/front-door';
import type { PageSources } from '../../plugins/spa-render';
import { AppError } from '../../lib/errors';
import { sendWrittenJson } from '../../lib/json-serializer';
import {
  type MarketplaceDeps,
  countView,
  createVersionedMap,
  downloadPrompt,
  getPromptDetail,
  readPromptDetail,
  listCategories,
  listMarketplaceJson,
  listMarketplaceParts,
  listPromptReviews,
  pageIdsVersion,
  refreshTrending,
  searchCounts,
  setLike,
  submitReview,
  withCurrentCounters,
} from './service';
import { createViewCounter } from './views';
import { createTallyFeed } from './tally-feed';

// Size: Over 400 lines: issue 54 moves the caches and page data out so routes are HTTP only; not done yet.

/** What a cached success answer carries: its envelope's data, for a server-rendered page. */
const envelopeData = (body: Buffer): unknown => (JSON.parse(body.toString('utf8')) as { data: unknown }).data;

const STARTUP_REFRESH_WAIT_MS = 5000;
const bearer = [{ bearerAuth: [] }];

/** What a cached prompt page keeps next to its bytes: the page, and the prompt whose views it counts. */
interface PromptPage {
  detail: PromptDetail;
  viewsOf: string | null;
}

export const marketplaceRoutes: FastifyPluginAsyncZod<{
  pages?: PageSources;
}> = async (app, opts) => {
  const deps: MarketplaceDeps = {
    db: app.database.db,
    engine: app.database.engine,
    totals: createVersionedMap<number>(),
    pageIds: createVersionedMap<string[]>(512),
    views: createViewCounter(app.database.db, (err) => app.log.error({ err }, 'writing views failed')),
  };
  if (deps.views) app.deferredWrites.register(deps.views.flush);
  const feed = createTallyFeed(app.database.db, (err, what) => app.log.error({ err }, what));

  /*
   * Public answers that are the same for every caller are served from memory while the catalogue's
   * version is unchanged (decision 010). Searches never are: their cost is kept down by the query.
   * A prompt page is cached only as an anonymous caller sees it; a signed-in one is built per user.
   * A public prompt's reviews are cached for every caller. Every write a review list shows moves
   * the version: a review updates its prompt's totals, a reviewer's deleted account updates them
   * too (withdrawFeedback), and a renamed reviewer is an author column (migration 0012).
   * A like or a view moves no version but notes its prompt in the feed (migration 0017):
   * an answer showing prompts' likes and views names them (`shows`), and is built again only when
   * the feed noted one of them since (decision 030).
   */
  const cache = createResponseCache({ feed });
  const readVersion = catalogueVersionReader(app.database);
  /** The catalogue's version, with the feed read up to it: the cache checks the feed's notes. */
  const catalogueVersion = async (): Promise<CatalogueVersion> => {
    const version = await readVersion();
    const following = feed.follow(version.search);
    if (following instanceof Promise) await following;
    return version;
  };
  const stampOf = (v: CatalogueVersion, order?: string): Stamp => ({
    content: v.content,
    search: v.search,
    order,
  });
  const currentStamp = () => catalogueVersion().then((v) => stampOf(v));
  /** A list page's order depends on its sort's version too (migration 0016). */
  const listStamp = (q: z.output<typeof MarketplaceQuerySchema>, v: CatalogueVersion) =>
    stampOf(v, pageIdsVersion(q.sort ?? 'latest', v));
  const detailResponse = successEnvelope(PromptDetailSchema);
  const categoriesResponse = successEnvelope(CategoriesSchema);
  const reviewsResponse = successEnvelope(ReviewListSchema);
  /** The next GETs of this exact URL may be sent by the front door while the entry holds (decision 018). */
  const remember = (request: FastifyRequest, key: string, extra: Partial<FrontRoute> = {}) =>
    app.frontDoor.remember(request.raw.url!, {
      label: request.routeOptions.url!,
      cache,
      key,
      stamp: currentStamp,
      vary: 'accept-encoding',
      anonymousOnly: false,
      ...extra,
    });

  /**
   * A list page without a search, from the cache while the catalogue holds at `version`. After a
   * write the page is read again, in pieces: when none of its cards changed (a like of a prompt it
   * does not show) the cache keeps the older bytes without joining, hashing or compressing them.
   */
  const cachedList = async (q: z.output<typeof MarketplaceQuerySchema>, version: CatalogueVersion) => {
    const key = `list|${q.category ?? ''}|${q.type ?? ''}|${q.sort ?? ''}|${q.page}|${q.limit}`;
    const entry = await cache.get(key, listStamp(q, version), async () => {
      const { parts, ids } = await listMarketplaceParts(deps, q, version);
      return { body: parts, shows: ids };
    });
    return { key, entry };
  };

  // The counts of published prompts: no prompt's likes or views.
  const cachedCategories = (version: CatalogueVersion) =>
    cache.get('categories', stampOf(version), async () => ({
      body: serializeWith(categoriesResponse, { success: true, data: await listCategories(deps) }),
      shows: [],
    }));

  // Trending moves with activity: recompute at start, and every ten minutes on one instance (a
  // scheduled job, decision 047), off the request path.
  // Start waits for the first run up to STARTUP_REFRESH_WAIT_MS (so a fresh process answers with
  // current badges) but no longer: on a large catalogue the first run may rewrite many rows
  // (minutes on PostgreSQL, where every index of a row gets a new entry), past Fastify's plugin
  // timeout, and the app must come up and answer meanwhile.
  let refreshing: Promise<void> | null = null;
  const refresh = () =>
    (refreshing ??= refreshTrending(deps)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'trending refresh failed'))
      .finally(() => {
        refreshing = null;
      }));
  app.addHook('onReady', async () => {
    void feed.prune();
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      refresh(),
      new Promise((resolve) => (waited = setTimeout(resolve, STARTUP_REFRESH_WAIT_MS))),
    ]);
    clearTimeout(waited);
  });
  app.jobs.work('trending-refresh', { retryLimit: 1 }, refresh);
  app.jobs.schedule('trending-refresh', '*/10 * * * *');
  app.addHook('onClose', async () => {
    await refreshing;
    await feed.close();
    await deps.views?.flush();
  });

  app.get(
    '/marketplace/prompts',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Browse and search published prompts',
        querystring: MarketplaceQuerySchema,
        response: { 200: successEnvelope(MarketplaceListSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const version = await catalogueVersion();
      if (q.search !== undefined && q.search.trim() !== '') {
        // Searches are not cached (their words vary): written from each card's JSON.
        return sendWrittenJson(reply, await listMarketplaceJson(deps, q, version));
      }
      const { key, entry } = await cachedList(q, version);
      remember(request, key, { stamp: () => catalogueVersion().then((v) => listStamp(q, v)) });
      return sendCached(cache, key, entry, request, reply);
    },
  );

  app.get(
    '/marketplace/search/counts',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'How many published prompts a search matches per category and per type',
        querystring: SearchCountsQuerySchema,
        response: { 200: successEnvelope(SearchCountsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await searchCounts(deps, request.query) }),
  );

  app.get(
    '/marketplace/categories',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'The six categories with their published prompt counts',
        response: { 200: successEnvelope(CategoriesSchema) },
      },
    },
    async (request, reply) => {
      const entry = await cachedCategories(await catalogueVersion());
      remember(request, 'categories');
      return sendCached(cache, 'categories', entry, request, reply);
    },
  );

  /**
   * A prompt's page as an anonymous caller sees it, from the cache while the catalogue holds. After
   * a like or a view of it, only its counters are read again (decision 030).
   */
  const anonymousPrompt = async (idOrSlug: string) => {
    const key = `prompt|${idOrSlug}`;
    const entry = await cache.get(key, await currentStamp(), async (counted) => {
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
  };

  /**
   * A public prompt's page of reviews, the same for every caller: one cached answer serves them all
   * (the same work with a token or without, so scenario 5's twins measure authentication). Reviews
   * and the rating only: no likes or views. Throws not found for a prompt that is not public.
   */
  const cachedReviews = async (id: string, page: number, limit: number) => {
    const key = `reviews|${id}|${page}|${limit}`;
    const entry = await cache.get(key, await currentStamp(), async () => ({
      body: serializeWith(reviewsResponse, {
        success: true,
        data: await listPromptReviews(deps, id, null, page, limit),
      }),
      shows: [],
    }));
    return { key, entry };
  };

  // The server-rendered marketplace (decision 019) shows the first screenful of its first page and
  // the category counts, from the same answers as the browser would ask for them (the query travels
  // with the data, so the browser files it under the query it was answered for). Only the cards the
  // page draws travel with it: with all 50 the page no longer fitted a new connection's first
  // round trip (about 14 KB compressed), and the browser asks for the whole page once it runs.
  if (opts.pages) {
    const firstPage = MarketplaceQuerySchema.parse({ sort: 'latest' });
    const firstScreen = (list: unknown) => {
      const { prompts, ...rest } = list as { prompts: unknown[] };
      return { ...rest, prompts: prompts.slice(0, PAGING.marketplaceFirstScreen) };
    };
    opts.pages.marketplace = async () => {
      try {
        const version = await catalogueVersion();
        const [list, categories] = await Promise.all([
          cachedList(firstPage, version),
          cachedCategories(version),
        ]);
        return {
          tag: `${list.entry.etag}${categories.etag}`,
          data: () => ({
            query: firstPage,
            list: firstScreen(envelopeData(list.entry.body)),
            categories: envelopeData(categories.body),
          }),
        };
      } catch (err) {
        app.log.warn({ err }, "the marketplace page's data could not be read");
        return null;
      }
    };
    // The home page's showcase asks for the first page of six, in the default order.
    const showcase = MarketplaceQuerySchema.parse({ page: 1, limit: PAGING.home });
    opts.pages.homePrompts = async () => {
      try {
        const { entry } = await cachedList(showcase, await catalogueVersion());
        return { tag: entry.etag, data: () => envelopeData(entry.body) };
      } catch (err) {
        app.log.warn({ err }, "the home page's prompts could not be read");
        return null;
      }
    };
  }

  // The server-rendered prompt page (decision 019) shows the same answer, with the first page of its
  // reviews (the same for every caller). It counts no view: the browser still asks the API for the
  // prompt once, and that request counts it as before.
  if (opts.pages) {
    opts.pages.prompt = async (idOrSlug) => {
      if (!PromptParamsSchema.safeParse({ id: idOrSlug }).success) return 'missing';
      try {
        const { entry } = await anonymousPrompt(idOrSlug);
        const { id } = (entry.meta as PromptPage).detail;
        const reviews = await cachedReviews(id, 1, PAGING.reviews).then(
          (read) => read.entry,
          (err: unknown) => {
            // The page still shows the prompt; the browser asks for its reviews.
            app.log.warn({ err }, "a prompt page's reviews could not be read");
            return null;
          },
        );
        return {
          tag: `${entry.etag}${reviews?.etag ?? '-'}`,
          data: () => ({
            prompt: envelopeData(entry.body),
            reviews: reviews ? envelopeData(reviews.body) : null,
          }),
        };
      } catch (err) {
        // Not there, or not public: the page loads it in the browser and shows what the API says
        // (its author, signed in, still sees a draft).
        if (err instanceof AppError && err.status === 404) return 'missing';
        if (!(err instanceof AppError)) app.log.warn({ err }, "a prompt page's data could not be read");
        return null;
      }
    };
  }

  app.get(
    '/marketplace/prompts/:id',
    {
      config: { apiScope: 'library:read' },
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "A prompt's page (by id or slug); the full text only for those who may see it",
        params: PromptParamsSchema,
        response: { 200: successEnvelope(PromptDetailSchema) },
      },
    },
    async (request, reply) => {
      const viewer = { auth: request.auth, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      if (viewer.auth) {
        return { success: true as const, data: await getPromptDetail(deps, request.params.id, viewer) };
      }
      const { key, entry, viewsOf } = await anonymousPrompt(request.params.id);
      if (viewsOf !== null) await countView(deps, viewsOf, viewer);
      remember(request, key, {
        vary: 'accept-encoding, authorization',
        anonymousOnly: true,
        served: (served, client) => {
          const { viewsOf: counts } = served.meta as PromptPage;
          if (counts === null) return;
          countView(deps, counts, { auth: null, ...client })?.catch((err: unknown) =>
            app.log.error({ err }, 'counting a view failed'),
          );
        },
      });
      return sendCached(cache, key, entry, request, reply, 'accept-encoding, authorization');
    },
  );

  app.post(
    '/marketplace/prompts/:id/like',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['marketplace'],
        summary: 'Like or unlike (toggles; send {liked} to set it)',
        security: bearer,
        params: PromptParamsSchema,
        body: LikeBodySchema,
        response: { 200: successEnvelope(LikeResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setLike(deps, request.params.id, request.auth!, request.body?.liked),
    }),
  );

  app.post(
    '/marketplace/prompts/:id/download',
    {
      config: { apiScope: 'library:read' },
      onRequest: app.authenticate,
      schema: {
        tags: ['marketplace'],
        summary: 'The full text, for those entitled to it; counted once per user',
        security: bearer,
        params: PromptParamsSchema,
        response: { 200: successEnvelope(DownloadResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await downloadPrompt(deps, request.params.id, request.auth!),
    }),
  );

  app.get(
    '/marketplace/prompts/:id/reviews',
    {
      config: { apiScope: 'library:read' },
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "A prompt's reviews, newest first",
        params: PromptParamsSchema,
        querystring: ReviewsQuerySchema,
        response: { 200: successEnvelope(ReviewListSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      let cached: { key: string; entry: CachedResponse };
      try {
        cached = await cachedReviews(id, page, limit);
      } catch (err) {
        // Not public: its author (or an admin) still reads a draft's reviews, built for them.
        if (!request.auth || !(err instanceof AppError && err.status === 404)) throw err;
        return { success: true as const, data: await listPromptReviews(deps, id, request.auth, page, limit) };
      }
      return sendCached(cache, cached.key, cached.entry, request, reply, 'accept-encoding, authorization');
    },
  );

  app.post(
    '/marketplace/prompts/:id/reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['marketplace'],
        summary: 'Review a prompt you tried or bought (a second review edits the first)',
        security: bearer,
        params: PromptParamsSchema,
        body: CreateReviewSchema,
        response: { 200: successEnvelope(ReviewResultSchema), 201: successEnvelope(ReviewResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await submitReview(deps, request.params.id, request.auth!, request.body);
      return reply.status(data.created ? 201 : 200).send({
        success: true as const,
        data,
        message: data.created ? 'Review posted' : 'Review updated',
      });
    },
  );
};
