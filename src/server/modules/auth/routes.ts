import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminSignInSchema } from '../../../shared/admin-settings';
import {
  AuthResultSchema,
  ForgotPasswordSchema,
  LoginSchema,
  MeSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '../../../shared/auth';
import { successEnvelope } from '../../../shared/envelope';
import {
  type AuthService,
  type ClientContext,
  FORGOT_PASSWORD_MESSAGE,
  RESET_PASSWORD_MESSAGE,
} from './service';

const Empty = successEnvelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const ctx = (request: { ip: string; headers: Record<string, unknown> }): ClientContext => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  const me = async (userId: string) => ({ success: true as const, data: { user: await auth.me(userId) } });

  for (const url of ['/auth/register', '/auth/signup']) {
    app.post(
      url,
      {
        schema: {
          tags: ['auth'],
          summary: url.endsWith('signup')
            ? 'Create an account (alias of /auth/register)'
            : 'Create an account',
          body: RegisterSchema,
          response: { 201: successEnvelope(AuthResultSchema) },
        },
      },
      async (request, reply) => {
        const data = await auth.register(request.body, ctx(request));
        return reply
          .status(201)
          .send({ success: true as const, data, message: 'Account created successfully' });
      },
    );
  }

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: LoginSchema,
        response: { 200: successEnvelope(AuthResultSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await auth.login(request.body, ctx(request)) }),
  );

  app.post(
    '/auth/admin/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in to the admin panel (admins only; with two-factor on, a missing code is a 401 whose detail names the field code)',
        body: AdminSignInSchema,
        response: { 200: successEnvelope(AuthResultSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await auth.adminLogin(request.body, ctx(request)) }),
  );

  for (const url of ['/auth/me', '/auth/profile']) {
    app.get(
      url,
      {
        onRequest: app.authenticate,
        // Any API key may ask whose it is.
        config: { apiScope: 'any' },
        schema: {
          tags: ['auth'],
          summary: url.endsWith('profile') ? 'The signed-in user (alias of /auth/me)' : 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: successEnvelope(MeSchema) },
        },
      },
      async (request) => me(request.auth!.userId),
    );
  }

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out (revokes this token)',
        security: [{ bearerAuth: [] }],
        response: { 200: Empty },
      },
    },
    async (request) => {
      await auth.logout(request.auth!.sessionId);
      return { success: true as const, data: null, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (the same answer whether or not the address exists)',
        body: ForgotPasswordSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, ctx(request));
      return { success: true as const, data: null, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token from the e-mail',
        body: ResetPasswordSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, data: null, message: RESET_PASSWORD_MESSAGE };
    },
  );

  app.get(
    '/admin/session',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in administrator (admin-panel token only)',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(MeSchema) },
      },
    },
    async (request) => me(request.auth!.userId),
  );
};
