import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsQuerySchema,
  AnalyticsSchema,
  CreatePromptSchema,
  CreatorPromptListSchema,
  CreatorPromptResultSchema,
  CreatorPromptsQuerySchema,
  DashboardSchema,
  DeleteResultSchema,
  PromptIdParamsSchema,
  UpdatePromptSchema,
} from '../../../shared/creator';
import { successEnvelope } from '../../../shared/envelope';
import { VersionParamsSchema } from '../../../shared/versions';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PlaygroundService } from '../playground/service';
import { newPromptAlert } from './alerts';
import { creatorAnalytics, creatorDashboard } from './analytics';
import {
  type CreatorDeps,
  type OnVersionLive,
  createPrompt,
  deletePrompt,
  listCreatorPrompts,
  restoreVersion,
  setPublished,
  updatePrompt,
} from './service';

const bearer = [{ bearerAuth: [] }];

type App = Parameters<FastifyPluginAsyncZod>[0];

export const creatorRoutes: FastifyPluginAsyncZod<{
  playground: PlaygroundService;
  mailer: Mailer;
  publicUrl: string;
  /** A version went live: its tests run (modules/prompt-tests). */
  onVersionLive?: OnVersionLive;
}> = async (app, { playground, mailer, publicUrl, onVersionLive }) => {
  const db = app.database.db;
  const deps: CreatorDeps = {
    db,
    onPublished: newPromptAlert({ db, mailer, log: app.log, publicUrl }),
    mailer,
    publicUrl,
    onVersionLive,
  };
  app.addHook('onRequest', app.authenticate);
  overviewRoutes(app, deps, playground);
  writeRoutes(app, deps);
  statusRoutes(app, deps);
  analyticsRoutes(app, deps);
};

/** The dashboard's header and Overview, and the creator's prompts. */
function overviewRoutes(app: App, deps: CreatorDeps, playground: PlaygroundService) {
  app.get(
    '/user/dashboard',
    {
      schema: {
        tags: ['creator'],
        summary: 'Your plan, sessions used, Overview figures and recent playground activity',
        security: bearer,
        response: { 200: successEnvelope(DashboardSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await creatorDashboard(deps, request.auth!, await playground.usage(request.auth!)),
    }),
  );

  app.get(
    '/user/prompts',
    {
      config: { apiScope: ['library:read', 'prompts:manage'] },
      schema: {
        tags: ['creator'],
        summary: 'Your prompts, every status',
        security: bearer,
        querystring: CreatorPromptsQuerySchema,
        response: { 200: successEnvelope(CreatorPromptListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listCreatorPrompts(deps, request.auth!, request.query),
    }),
  );
}

/** A prompt created or edited. */
function writeRoutes(app: App, deps: CreatorDeps) {
  app.post(
    '/user/prompts',
    {
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: 'Publish a prompt, or save it as a draft',
        security: bearer,
        body: CreatePromptSchema,
        response: { 201: successEnvelope(CreatorPromptResultSchema) },
      },
    },
    async (request, reply) => {
      const prompt = await createPrompt(deps, request.auth!, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { prompt }, message: 'Prompt created successfully' });
    },
  );

  app.put(
    '/user/prompts/:id',
    {
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: 'Edit your prompt (a published one keeps its previous version)',
        security: bearer,
        params: PromptIdParamsSchema,
        body: UpdatePromptSchema,
        response: { 200: successEnvelope(CreatorPromptResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { prompt: await updatePrompt(deps, request.auth!, request.params.id, request.body) },
      message: 'Prompt updated successfully!',
    }),
  );

  app.post(
    '/user/prompts/:id/versions/:version/restore',
    {
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: "Restore an earlier version's text as the newest version",
        security: bearer,
        params: VersionParamsSchema,
        response: { 200: successEnvelope(CreatorPromptResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        prompt: await restoreVersion(deps, request.auth!, request.params.id, request.params.version),
      },
      message: `Restored from version ${request.params.version}`,
    }),
  );
}

/** A prompt published, unpublished or deleted. */
function statusRoutes(app: App, deps: CreatorDeps) {
  for (const [action, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/user/prompts/:id/${action}`,
      {
        config: { apiScope: 'prompts:manage' },
        schema: {
          tags: ['creator'],
          summary: publish ? 'Publish your prompt' : 'Take your prompt off the marketplace (back to draft)',
          security: bearer,
          params: PromptIdParamsSchema,
          response: { 200: successEnvelope(CreatorPromptResultSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: { prompt: await setPublished(deps, request.auth!, request.params.id, publish) },
        message: publish ? 'Prompt published' : 'Prompt unpublished',
      }),
    );
  }

  app.delete(
    '/user/prompts/:id',
    {
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: 'Delete your prompt (archived instead when it has buyers)',
        security: bearer,
        params: PromptIdParamsSchema,
        response: { 200: successEnvelope(DeleteResultSchema) },
      },
    },
    async (request) => {
      const result = await deletePrompt(deps, request.auth!, request.params.id);
      return {
        success: true as const,
        data: result,
        message: result.archived
          ? 'This prompt has buyers, so it was archived instead of deleted: they keep access to it.'
          : 'Prompt deleted successfully!',
      };
    },
  );
}

function analyticsRoutes(app: App, deps: CreatorDeps) {
  app.get(
    '/user/analytics',
    {
      schema: {
        tags: ['creator'],
        summary: 'Views, likes, downloads, tries, purchases and revenue of your prompts, by day',
        security: bearer,
        querystring: AnalyticsQuerySchema,
        response: { 200: successEnvelope(AnalyticsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await creatorAnalytics(deps, request.auth!, request.query.period),
    }),
  );
}
