import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { PromptParamsSchema } from '../../../shared/marketplace';
import {
  DiffQuerySchema,
  VersionDiffSchema,
  VersionListSchema,
  VersionParamsSchema,
  VersionTextSchema,
} from '../../../shared/versions';
import { diffVersions, getVersion, listVersions } from './versions';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A prompt's versions: the list to everyone who sees it, texts and diffs to those who may read it. */
export function versionRoutes(app: App) {
  const db = app.database.db;
  app.get(
    '/marketplace/prompts/:id/versions',
    {
      config: { apiScope: 'library:read', apiTeam: true },
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "A prompt's versions, newest first: number, date and changelog note",
        params: PromptParamsSchema,
        response: { 200: successEnvelope(VersionListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listVersions(db, request.params.id, request.auth),
    }),
  );

  app.get(
    '/marketplace/prompts/:id/versions/:version',
    {
      config: { apiScope: 'library:read', apiTeam: true },
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: "One version's text (for those who may read the prompt's text)",
        params: VersionParamsSchema,
        response: { 200: successEnvelope(VersionTextSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getVersion(db, request.params.id, request.auth, request.params.version),
    }),
  );

  app.get(
    '/marketplace/prompts/:id/diff',
    {
      config: { apiScope: 'library:read', apiTeam: true },
      onRequest: app.identify,
      schema: {
        tags: ['marketplace'],
        summary: 'What changed between two versions, line by line (for those who may read the text)',
        params: PromptParamsSchema,
        querystring: DiffQuerySchema,
        response: { 200: successEnvelope(VersionDiffSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await diffVersions(db, request.params.id, request.auth, request.query.from, request.query.to),
    }),
  );
}
