import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUserListSchema,
  AdminUserResultSchema,
  AdminUsersExportQuerySchema,
  AdminUsersQuerySchema,
  CreateUserResultSchema,
  CreateUserSchema,
  USER_MESSAGES,
  UpdateUserStatusSchema,
  UserIdParamsSchema,
} from '../../../../shared/admin-users';
import { successEnvelope } from '../../../../shared/envelope';
import { AppError } from '../../../lib/errors';
import type { AdminDeps } from '../deps';
import * as repo from './repository';
import { type Actor, changeUserStatus, createUser, exportUsersCsv, listAdminUsers } from './service';

const security = [{ bearerAuth: [] }];

/** Admin users endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminUsersRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { config, mailer }) => {
  const db = app.database.db;

  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const id = request.auth!.userId;
    const row = await repo.findEmail(db, id);
    if (!row) throw new AppError('AUTHENTICATION_ERROR');
    return { id, email: row.email, ip: request.ip };
  };

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, filtered by text (name or e-mail), status and plan, with the count cards',
        security,
        querystring: AdminUsersQuerySchema,
        response: { 200: successEnvelope(AdminUserListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAdminUsers(db, request.query, config.payments.currency),
    }),
  );

  app.get(
    '/users/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered users as a CSV file',
        security,
        querystring: AdminUsersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await exportUsersCsv(db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="promptforge-users-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a user: a one-time password shown once, or a set-password e-mail',
        security,
        body: CreateUserSchema,
        response: { 201: successEnvelope(CreateUserResultSchema) },
      },
    },
    async (request, reply) => {
      const data = await createUser(
        { db, mailer, publicUrl: config.publicUrl },
        await actorOf(request),
        request.body,
      );
      return reply.status(201).send({ success: true as const, data, message: USER_MESSAGES.created });
    },
  );

  app.put(
    '/users/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate, suspend or ban a user (suspending or banning signs them out everywhere)',
        security,
        params: UserIdParamsSchema,
        body: UpdateUserStatusSchema,
        response: { 200: successEnvelope(AdminUserResultSchema) },
      },
    },
    async (request) => {
      const user = await changeUserStatus(db, await actorOf(request), request.params.id, request.body.status);
      return {
        success: true as const,
        data: { user },
        message: USER_MESSAGES.statusUpdated[request.body.status],
      };
    },
  );
};
