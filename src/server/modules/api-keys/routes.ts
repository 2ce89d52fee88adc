import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_MESSAGES,
  ApiKeyCreateSchema,
  ApiKeyCreatedSchema,
  ApiKeyIdParamsSchema,
  ApiKeyListSchema,
  ApiKeySchema,
} from '../../../shared/api-keys';
import { successEnvelope } from '../../../shared/envelope';
import type { ApiKeysService } from './service';

/*
 * A user's API keys under /api/user/api-keys (issue 59). Managed from a signed-in session only: no
 * route here takes an API key (no `apiScope`), so a leaked key cannot make or revoke keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['api-keys'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/api-keys',
    {
      schema: {
        tags,
        summary: 'Your API keys (never their tokens), and whether your plan lets you make them',
        security,
        response: { 200: successEnvelope(ApiKeyListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await apiKeys.list(request.auth!) }),
  );

  app.post(
    '/user/api-keys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Make an API key: its token is in this answer only. Needs a plan with API access (403)',
        security,
        body: ApiKeyCreateSchema,
        response: { 201: successEnvelope(ApiKeyCreatedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await apiKeys.create(request.auth!, request.body),
        message: API_KEY_MESSAGES.created,
      }),
  );

  app.delete(
    '/user/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once',
        security,
        params: ApiKeyIdParamsSchema,
        response: { 200: successEnvelope(ApiKeySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await apiKeys.revoke(request.auth!, request.params.id),
      message: API_KEY_MESSAGES.revoked,
    }),
  );
};
