import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../shared/envelope';
import { SessionParamsSchema } from '../../../shared/playground';
import { PresetInputSchema, PresetListSchema, PresetSchema } from '../../../shared/playground-settings';
import type { PlaygroundService } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['playground'];

/** A user's chat presets: a name, a model and session settings to start a chat with. */
export const presetRoutes: FastifyPluginAsyncZod<{ playground: PlaygroundService }> = async (
  app,
  { playground },
) => {
  app.get(
    '/playground/presets',
    {
      schema: {
        tags,
        summary: 'Your presets, by name, and the admin’s default preset as it applies to your plan',
        security: bearer,
        response: { 200: successEnvelope(PresetListSchema) },
      },
    },
    async (request) => {
      const [presets, start] = await Promise.all([
        playground.listPresets(request.auth!),
        playground.startPreset(request.auth!),
      ]);
      return { success: true as const, data: { presets, default: start } };
    },
  );

  app.post(
    '/playground/presets',
    {
      schema: {
        tags,
        summary: 'Save a preset',
        security: bearer,
        body: PresetInputSchema,
        response: { 201: successEnvelope(PresetSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await playground.createPreset(request.auth!, request.body),
        message: 'Preset saved',
      }),
  );

  app.put(
    '/playground/presets/:id',
    {
      schema: {
        tags,
        summary: 'Change one of your presets',
        security: bearer,
        params: SessionParamsSchema,
        body: PresetInputSchema,
        response: { 200: successEnvelope(PresetSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playground.updatePreset(request.auth!, request.params.id, request.body),
      message: 'Preset saved',
    }),
  );

  app.delete(
    '/playground/presets/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your presets',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await playground.deletePreset(request.auth!, request.params.id);
      return { success: true as const, data: null, message: 'Preset deleted' };
    },
  );
};
