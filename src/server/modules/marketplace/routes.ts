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
  ReviewsQuerySchema,
} from '../../../shared/marketplace';
import {
  type MarketplaceDeps,
  createTotalsCache,
  downloadPrompt,
  getPromptDetail,
  listCategories,
  listMarketplacePrompts,
  listPromptReviews,
  refreshTrending,
  setLike,
  submitReview,
} from './service';

const TRENDING_REFRESH_MS = 10 * 60 * 1000;
const bearer = [{ bearerAuth: [] }];

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MarketplaceDeps = {
    db: app.database.db,
    engine: app.database.engine,
    totals: createTotalsCache(),
  };

  // Trending moves with activity: recompute now and every ten minutes, off the request path.
  const refresh = () =>
    refreshTrending(deps).catch((err: unknown) => app.log.error({ err }, 'trending refresh failed'));
  app.addHook('onReady', async () => {
    await refresh();
  });
  const timer = setInterval(refresh, TRENDING_REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

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
    async (request) => ({ success: true as const, data: await listMarketplacePrompts(deps, request.query) }),
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
    async () => ({ success: true as const, data: await listCategories(deps) }),
  );

  app.get(
    '/marketplace/prompts/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "A prompt's page (by id or slug); the full text only for those who may see it",
        params: PromptParamsSchema,
        response: { 200: successEnvelope(PromptDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getPromptDetail(deps, request.params.id, {
        auth: request.auth,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
    }),
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
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "A prompt's reviews, newest first",
        params: PromptParamsSchema,
        querystring: ReviewsQuerySchema,
        response: { 200: successEnvelope(ReviewListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listPromptReviews(
        deps,
        request.params.id,
        request.auth,
        request.query.page,
        request.query.limit,
      ),
    }),
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
