import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { LibraryExportQuerySchema, LibrarySchema, LibrarySeenSchema } from '../../../shared/library';
import { PromptParamsSchema } from '../../../shared/marketplace';
import { exportLibrary, getLibrary, markLibrarySeen } from './service';

/**
 * "My library" under /api/user/library: the list, all of it as a Markdown or JSON file, and the
 * prompt page's word that the user opened a prompt (its "updated" badge clears).
 */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);
  const tags = ['library'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/library',
    {
      config: { apiScope: 'library:read', apiTeam: true },
      schema: {
        tags,
        summary: 'The prompts you bought, liked and remixed, with their current version',
        security,
        response: { 200: successEnvelope(LibrarySchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getLibrary(db, request.auth!) }),
  );

  app.post(
    '/user/library/:id/seen',
    {
      schema: {
        tags,
        summary: 'You opened a prompt of your library: its current version is seen, its badge clears',
        security,
        params: PromptParamsSchema,
        response: { 200: successEnvelope(LibrarySeenSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await markLibrarySeen(db, request.auth!, request.params.id),
    }),
  );

  app.get(
    '/user/library/export',
    {
      config: { apiScope: 'library:read', apiTeam: true },
      schema: {
        tags,
        summary: 'Your library as a Markdown or JSON file (the text of the prompts you may read)',
        security,
        querystring: LibraryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportLibrary(db, request.auth!, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
