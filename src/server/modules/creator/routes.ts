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
  RemixBodySchema,
  UpdatePromptSchema,
} from '../../../shared/creator';
import { successEnvelope } from '../../../shared/envelope';
import { VersionParamsSchema } from '../../../shared/versions';
import {
  ExportQuerySchema,
  IMPORT_LIMITS,
  ImportPreviewSchema,
  ImportRequestSchema,
  ImportResultSchema,
} from '../../../shared/prompt-transfer';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PlaygroundService } from '../playground/service';
import { newPromptAlert } from './alerts';
import { exportPrompts, importPrompts, previewImport } from './transfer';
import { creatorAnalytics, creatorDashboard } from './analytics';
import {
  type CreatorDeps,
  type OnVersionLive,
  createPrompt,
  deletePrompt,
  listCreatorPrompts,
  restoreVersion,
  remixPrompt,
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
    engine: app.database.engine,
    jobs: app.jobs,
  };
  app.addHook('onRequest', app.authenticate);
  overviewRoutes(app, deps, playground);
  newPromptRoutes(app, deps);
  editRoutes(app, deps);
  statusRoutes(app, deps);
  analyticsRoutes(app, deps);
  transferRoutes(app, deps);
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

/** A new prompt: written from scratch, or remixed from one the creator may read. */
function newPromptRoutes(app: App, deps: CreatorDeps) {
  app.post(
    '/user/prompts',
    {
      config: { apiScope: 'prompts:manage', apiTeam: true },
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

  app.post(
    '/user/remixes',
    {
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: 'Remix a prompt you may read into a new draft of yours that credits it',
        security: bearer,
        body: RemixBodySchema,
        response: { 201: successEnvelope(CreatorPromptResultSchema) },
      },
    },
    async (request, reply) => {
      const prompt = await remixPrompt(deps, request.auth!, request.body.promptId);
      return reply
        .status(201)
        .send({ success: true as const, data: { prompt }, message: 'Remix saved as a draft' });
    },
  );
}

/** A prompt of the creator's edited, or an earlier version of it restored. */
function editRoutes(app: App, deps: CreatorDeps) {
  app.put(
    '/user/prompts/:id',
    {
      config: { apiScope: 'prompts:manage', apiTeam: true },
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
      config: { apiScope: 'prompts:manage', apiTeam: true },
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

/** A JSON-escaped file can take up to twice its characters, and up to three bytes each. */
const IMPORT_BODY_LIMIT = IMPORT_LIMITS.maxChars * 6 + 64 * 1024;

/** The creator's prompts exported as a file, and a file's prompts previewed and imported as drafts. */
function transferRoutes(app: App, deps: CreatorDeps) {
  app.get(
    '/user/prompts/export',
    {
      config: { apiScope: ['library:read', 'prompts:manage'] },
      schema: {
        tags: ['creator'],
        summary: 'All your prompts, with their licence, as a JSON or CSV file',
        security: bearer,
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportPrompts(deps, request.auth!, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/user/prompts/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary: "Read a file's prompts: each row with its errors and near duplicates; nothing is saved",
        description:
          "The file's text as `content`: a Promptforge export (JSON), a JSON list of prompts, or a CSV with a header row (the `act,prompt` layout of prompts.chat included).",
        security: bearer,
        body: ImportRequestSchema,
        response: { 200: successEnvelope(ImportPreviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewImport(deps, request.auth!, request.body),
    }),
  );

  app.post(
    '/user/prompts/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { apiScope: 'prompts:manage' },
      schema: {
        tags: ['creator'],
        summary:
          'Import a file: a draft for each valid row chosen (all valid rows by default), in one transaction',
        security: bearer,
        body: ImportRequestSchema,
        response: { 201: successEnvelope(ImportResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await importPrompts(deps, request.auth!, request.body);
      const n = data.created.length;
      return reply.status(201).send({
        success: true as const,
        data,
        message: `${n} ${n === 1 ? 'prompt' : 'prompts'} imported as drafts`,
      });
    },
  );
}
