import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditRoutes } from './audit/routes';
import { adminDashboardRoutes } from './dashboard/routes';
import type { AdminDeps } from './deps';
import { adminPlansRoutes } from './plans/routes';
import { adminPromptsRoutes } from './prompts/routes';
import { adminSettingsRoutes } from './settings/routes';
import { adminUsersRoutes } from './users/routes';

/*
 * The admin panel's API under /api/admin (sections write their paths below it: '/users', '/plans'). Every route answers only to an admin-panel token whose user
 * is an admin right now (the role is re-read from the database on each call). Each section lives in
 * its own folder with routes, service and repository.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.addHook('onRequest', app.requireAdmin);
  // Only the dependencies: the options this plugin got also carry its '/admin' prefix, which the
  // sections would otherwise add a second time (/api/admin/admin/users).
  const sectionDeps: AdminDeps = { config: deps.config, mailer: deps.mailer, limiter: deps.limiter };
  await app.register(adminDashboardRoutes, sectionDeps);
  await app.register(adminUsersRoutes, sectionDeps);
  await app.register(adminPromptsRoutes, sectionDeps);
  await app.register(adminPlansRoutes, sectionDeps);
  await app.register(adminSettingsRoutes, sectionDeps);
  await app.register(adminAuditRoutes, sectionDeps);
};
