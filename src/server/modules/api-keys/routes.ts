import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_MESSAGES,
  ApiKeyCreateSchema,
  ApiKeyCreatedSchema,
  ApiKeyIdParamsSchema,
  ApiKeyListSchema,
  ApiKeySchema,
  TeamApiKeyCreatedSchema,
  TeamApiKeyListSchema,
  TeamApiKeySchema,
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

  /*
   * A team's API keys (decision 071), made, listed and revoked by its owners and admins (403 for a
   * member, 404 in no team), from a session only like a user's own.
   */
  const teamTags = ['api-keys', 'teams'];

  app.get(
    '/team/api-keys',
    {
      schema: {
        tags: teamTags,
        summary: "Your team's API keys and whether its plan lets you make them (owners and admins)",
        security,
        response: { 200: successEnvelope(TeamApiKeyListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await apiKeys.teamList(request.auth!) }),
  );

  app.post(
    '/team/api-keys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: teamTags,
        summary:
          "Make a key for your team (owners and admins): it acts for the team while you manage it. Needs the team's plan to have API access (403)",
        security,
        body: ApiKeyCreateSchema,
        response: { 201: successEnvelope(TeamApiKeyCreatedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await apiKeys.teamCreate(request.auth!, request.body),
        message: API_KEY_MESSAGES.teamCreated,
      }),
  );

  app.delete(
    '/team/api-keys/:id',
    {
      schema: {
        tags: teamTags,
        summary: "Revoke one of your team's API keys (owners and admins): it stops working at once",
        security,
        params: ApiKeyIdParamsSchema,
        response: { 200: successEnvelope(TeamApiKeySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await apiKeys.teamRevoke(request.auth!, request.params.id),
      message: API_KEY_MESSAGES.revoked,
    }),
  );
};
