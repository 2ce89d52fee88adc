import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { LibraryExportQuerySchema, LibrarySchema } from '../../../shared/library';
import { exportLibrary, getLibrary } from './service';

/** "My library" under /api/user/library: the list, and all of it as a Markdown or JSON file. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook('onRequest', app.authenticate);
  const tags = ['library'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/library',
    {
      config: { apiScope: 'library:read' },
      schema: {
        tags,
        summary: 'The prompts you bought, liked and remixed, with their current version',
        security,
        response: { 200: successEnvelope(LibrarySchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getLibrary(db, request.auth!) }),
  );

  app.get(
    '/user/library/export',
    {
      config: { apiScope: 'library:read' },
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
