import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema, SettingsSchema, UpdateSettingsSchema } from '../../../shared/auth';
import { successEnvelope } from '../../../shared/envelope';
import { deleteAccount, getSettings, updateSettings } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication before validation: an anonymous caller learns nothing about the body rules.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/user/settings',
    {
      schema: {
        tags: ['user'],
        summary: 'Your settings',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(SettingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getSettings(app.database.db, request.auth!.userId),
    }),
  );

  app.put(
    '/user/settings',
    {
      schema: {
        tags: ['user'],
        summary: 'Change your name, e-mail, theme or password',
        security: [{ bearerAuth: [] }],
        body: UpdateSettingsSchema,
        response: { 200: successEnvelope(SettingsSchema) },
      },
    },
    async (request) => {
      const { settings, passwordChanged } = await updateSettings(
        app.database.db,
        request.auth!.userId,
        request.auth!.sessionId,
        request.body,
      );
      return {
        success: true as const,
        data: settings,
        message: passwordChanged
          ? 'Password changed. Your other sessions have been signed out.'
          : 'Settings saved successfully',
      };
    },
  );

  app.delete(
    '/user/account',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete your account and its data (password required)',
        security: [{ bearerAuth: [] }],
        body: DeleteAccountSchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteAccount(app.database.db, request.auth!.userId, request.body.password);
      return { success: true as const, data: null, message: 'Your account has been deleted' };
    },
  );
};
