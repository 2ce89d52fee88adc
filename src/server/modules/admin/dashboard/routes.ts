import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDashboardSchema,
  RecentActivityQuerySchema,
  RecentActivitySchema,
} from '../../../../shared/admin-dashboard';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { adminDashboard, recentActivity } from './service';

const security = [{ bearerAuth: [] }];

/** Admin dashboard endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { config }) => {
  const db = app.database.db;

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures (users, prompts, revenue, views), their series and the top lists',
        security,
        response: { 200: successEnvelope(AdminDashboardSchema) },
      },
    },
    async () => ({ success: true as const, data: await adminDashboard(db, config.payments.currency) }),
  );

  app.get(
    '/recent-activity',
    {
      schema: {
        tags: ['admin'],
        summary: 'The newest sign-ups, publications, payments and moderation actions',
        security,
        querystring: RecentActivityQuerySchema,
        response: { 200: successEnvelope(RecentActivitySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { activities: await recentActivity(db, request.query.limit) },
    }),
  );
};
