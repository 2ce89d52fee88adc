import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  CategoriesSchema,
  CreateReviewSchema,
  DownloadResultSchema,
  LikeBodySchema,
  LikeResultSchema,
  MarketplaceListSchema,
  MarketplaceQuerySchema,
  PromptDetailSchema,
  PromptParamsSchema,
  ReviewListSchema,
  ReviewResultSchema,
  ReviewRunsSchema,
  ReviewsQuerySchema,
  SearchCountsQuerySchema,
  SearchCountsSchema,
} from '../../../shared/marketplace';
import type { ModelRegistry } from '../../integrations/ai/providers';
import { AppError } from '../../lib/errors';
import { type CachedResponse, sendCached } from '../../lib/response-cache';
import type { PageSources } from '../../plugins/app/spa-render';
import {
  type PromptPage,
  anonymousPrompt,
  cachedCategories,
  cachedList,
  cachedSearch,
  cachedSearchCounts,
  cachedReviews,
  listStamp,
} from './catalogue/cached';
import { type CatalogueDeps, openCatalogue } from './catalogue/catalogue';
import { providePageData } from './catalogue/page-data';
import { countView, downloadPrompt, setLike } from './engagement';
import { getPromptDetail } from './prompt-page';
import { type ReviewDeps, listReviewRuns } from './review-use';
import { listPromptReviews, submitReview } from './reviews';
import { versionRoutes } from './version-routes';

/*
 * The marketplace's HTTP routes. Public answers that are the same for every caller come from the
 * catalogue's cache (catalogue/: what is kept, and which write makes it stale); searches, a
 * signed-in caller's prompt page and every write are built per request by the module's functions.
 */

const bearer = [{ bearerAuth: [] }];

type App = Parameters<FastifyPluginAsyncZod>[0];

export const marketplaceRoutes: FastifyPluginAsyncZod<{
  pages?: PageSources;
  /** Names the model a review's try and snapshot used. */
  models: Pick<ModelRegistry, 'find'>;
}> = async (app, opts) => {
  const deps = openCatalogue(app);
  if (opts.pages) providePageData(deps, opts.pages);
  listRoutes(app, deps);
  promptRoutes(app, deps);
  reviewRoutes(app, { ...deps, models: opts.models });
  versionRoutes(app);
};

/** Lists and searches, the search's counts per filter, the categories. */
function listRoutes(app: App, deps: CatalogueDeps) {
  const { catalogue } = deps;
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
      const version = await catalogue.version();
      if (q.search !== undefined && q.search.trim() !== '') {
        const { key, entry } = await cachedSearch(deps, q, version);
        return sendCached(catalogue.searches, key, entry, request, reply);
      }
      const { key, entry } = await cachedList(deps, q, version);
      catalogue.remember(request, key, { stamp: () => catalogue.version().then((v) => listStamp(q, v)) });
      return sendCached(catalogue.cache, key, entry, request, reply);
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
    async (request, reply) => {
      const { key, entry } = await cachedSearchCounts(deps, request.query, await catalogue.version());
      return sendCached(catalogue.searches, key, entry, request, reply);
    },
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
      const entry = await cachedCategories(deps, await catalogue.version());
      catalogue.remember(request, 'categories');
      return sendCached(catalogue.cache, 'categories', entry, request, reply);
    },
  );
}

/** A prompt's page, and what a signed-in user does with it: like it, download it. */
function promptRoutes(app: App, deps: CatalogueDeps) {
  const { catalogue } = deps;
  app.get(
    '/marketplace/prompts/:id',
    {
      config: { apiScope: 'library:read', apiTeam: true },
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
      const { key, entry, viewsOf } = await anonymousPrompt(deps, request.params.id);
      if (viewsOf !== null) await countView(deps, viewsOf, viewer);
      catalogue.remember(request, key, {
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
      return sendCached(catalogue.cache, key, entry, request, reply, 'accept-encoding, authorization');
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
}

/** A prompt's reviews, a review written or edited, and the runs a reviewer may attach. */
function reviewRoutes(app: App, deps: CatalogueDeps & ReviewDeps) {
  const { catalogue } = deps;
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
        cached = await cachedReviews(deps, id, page, limit);
      } catch (err) {
        // Not public: its author (or an admin) still reads a draft's reviews, built for them.
        if (!request.auth || !(err instanceof AppError && err.status === 404)) throw err;
        return { success: true as const, data: await listPromptReviews(deps, id, request.auth, page, limit) };
      }
      return sendCached(
        catalogue.cache,
        cached.key,
        cached.entry,
        request,
        reply,
        'accept-encoding, authorization',
      );
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

  app.get(
    '/marketplace/prompts/:id/review-runs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['marketplace'],
        summary: 'Your own completed replies in tries of this prompt, to attach one to your review',
        security: bearer,
        params: PromptParamsSchema,
        response: { 200: successEnvelope(ReviewRunsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listReviewRuns(deps, request.params.id, request.auth!),
    }),
  );
}
