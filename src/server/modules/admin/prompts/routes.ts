import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PROMPT_MESSAGES,
  AdminPromptDeleteResultSchema,
  AdminPromptFormSchema,
  AdminPromptIdParamsSchema,
  AdminPromptListSchema,
  AdminPromptResultSchema,
  AdminPromptStatusSchema,
  AdminPromptUpdateSchema,
  AdminPromptsQuerySchema,
} from '../../../../shared/admin-prompts';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import {
  createAdminPrompt,
  deleteAdminPrompt,
  listAdminPrompts,
  setAdminPromptStatus,
  updateAdminPrompt,
} from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];

/** Admin prompts endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminPromptsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { config, mailer }) => {
  const db = app.database.db;
  const actorOf = (request: { auth: { userId: string } | null; ip: string }) => ({
    userId: request.auth!.userId,
    ip: request.ip,
  });

  app.get(
    '/prompts',
    {
      schema: {
        tags,
        summary: 'Every prompt, any status, with author e-mail, revenue and the stat cards',
        security: bearer,
        querystring: AdminPromptsQuerySchema,
        response: { 200: successEnvelope(AdminPromptListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAdminPrompts(db, app.database.engine, request.query),
    }),
  );

  app.post(
    '/prompts',
    {
      schema: {
        tags,
        summary: 'Create a prompt as the signed-in admin (a missing status means published)',
        security: bearer,
        body: AdminPromptFormSchema,
        response: { 201: successEnvelope(AdminPromptResultSchema) },
      },
    },
    async (request, reply) => {
      const prompt = await createAdminPrompt(db, actorOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { prompt }, message: ADMIN_PROMPT_MESSAGES.created });
    },
  );

  app.put(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a prompt: status, featured and trending only, or the whole form',
        security: bearer,
        params: AdminPromptIdParamsSchema,
        body: AdminPromptUpdateSchema,
        response: { 200: successEnvelope(AdminPromptResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        prompt: await updateAdminPrompt(db, actorOf(request), request.params.id, request.body, {
          mailer,
          publicUrl: config.publicUrl,
          jobs: app.jobs,
        }),
      },
      message: ADMIN_PROMPT_MESSAGES.updated,
    }),
  );

  app.put(
    '/prompts/:id/status',
    {
      schema: {
        tags,
        summary: 'Moderate a prompt: set its status with a note the creator sees',
        security: bearer,
        params: AdminPromptIdParamsSchema,
        body: AdminPromptStatusSchema,
        response: { 200: successEnvelope(AdminPromptResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { prompt: await setAdminPromptStatus(db, actorOf(request), request.params.id, request.body) },
      message: ADMIN_PROMPT_MESSAGES.statusUpdated,
    }),
  );

  app.delete(
    '/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a prompt (archived instead when it has buyers, so they keep access)',
        security: bearer,
        params: AdminPromptIdParamsSchema,
        response: { 200: successEnvelope(AdminPromptDeleteResultSchema) },
      },
    },
    async (request) => {
      const result = await deleteAdminPrompt(db, actorOf(request), request.params.id);
      return {
        success: true as const,
        data: result,
        message: result.archived ? ADMIN_PROMPT_MESSAGES.archivedInstead : ADMIN_PROMPT_MESSAGES.deleted,
      };
    },
  );
};
