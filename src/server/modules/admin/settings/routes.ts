import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSettingsSchema,
  TotpCodeBodySchema,
  TotpSetupSchema,
  UpdateAdminSettingsSchema,
} from '../../../../shared/admin-settings';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { disableTotp, enableTotp, getAdminSettings, startTotpSetup, updateAdminSettings } from './service';

const bearer = [{ bearerAuth: [] }];
const SettingsEnvelope = successEnvelope(AdminSettingsSchema);

/** Admin settings endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { limiter }) => {
  const db = app.database.db;
  const actor = (request: { auth: { userId: string; sessionId: string } | null; ip: string }) => ({
    userId: request.auth!.userId,
    sessionId: request.auth!.sessionId,
    ip: request.ip,
  });

  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The signed-in admin's settings: profile, theme, notifications and security",
        security: bearer,
        response: { 200: SettingsEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await getAdminSettings(db, request.auth!.userId) }),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save one or more settings sections (a password change signs out your other sessions)',
        security: bearer,
        body: UpdateAdminSettingsSchema,
        response: { 200: SettingsEnvelope },
      },
    },
    async (request) => {
      const { settings, passwordChanged } = await updateAdminSettings(db, actor(request), request.body);
      return {
        success: true as const,
        data: settings,
        message: passwordChanged
          ? 'Settings saved. Your password was changed and your other sessions were signed out.'
          : 'Settings saved',
      };
    },
  );

  app.post(
    '/settings/2fa/setup',
    {
      schema: {
        tags: ['admin'],
        summary: 'Start two-factor set-up: a new authenticator key, pending until a code confirms it',
        security: bearer,
        response: { 200: successEnvelope(TotpSetupSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await startTotpSetup(db, request.auth!.userId) }),
  );

  app.post(
    '/settings/2fa/enable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn two-factor sign-in on with a code from the new key',
        security: bearer,
        body: TotpCodeBodySchema,
        response: { 200: SettingsEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await enableTotp(db, limiter, actor(request), request.body.code),
      message: 'Two-factor authentication is on',
    }),
  );

  app.post(
    '/settings/2fa/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn two-factor sign-in off (needs a current code)',
        security: bearer,
        body: TotpCodeBodySchema,
        response: { 200: SettingsEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disableTotp(db, limiter, actor(request), request.body.code),
      message: 'Two-factor authentication is off',
    }),
  );
};
