import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutRoutes } from '../billing/payout-routes';
import { adminPaymentRoutes } from '../billing/routes';
import { adminTeamRoutes } from '../teams/routes';
import { adminAuditRoutes } from './audit/routes';
import { adminDashboardRoutes } from './dashboard/routes';
import { adminJobsRoutes } from './jobs/routes';
import type { AdminDeps } from './deps';
import { adminModelsRoutes } from './models/routes';
import { adminPlansRoutes } from './plans/routes';
import { adminPromptsRoutes } from './prompts/routes';
import { adminSettingsRoutes } from './settings/routes';
import { adminUsersRoutes } from './users/routes';

/*
 * The admin panel's API under /api/admin (sections write their paths below it: '/users', '/plans'). Every route answers only to an admin-panel token whose user
 * is an admin right now (the role is re-read from the database on each call). Each section lives in
 * its own folder with routes, service and repository.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, options) => {
  // Only the dependencies go down: the options also carry this plugin's own prefix ('/admin'), which
  // the sections would otherwise add a second time (/api/admin/admin/...).
  const deps: AdminDeps = {
    config: options.config,
    mailer: options.mailer,
    limiter: options.limiter,
    billing: options.billing,
    models: options.models,
    teams: options.teams,
  };
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminDashboardRoutes, deps);
  await app.register(adminUsersRoutes, deps);
  await app.register(adminPromptsRoutes, deps);
  await app.register(adminPlansRoutes, deps);
  await app.register(adminSettingsRoutes, deps);
  await app.register(adminAuditRoutes, deps);
  await app.register(adminModelsRoutes, deps);
  await app.register(adminJobsRoutes, deps);
  await app.register(adminPaymentRoutes, { billing: deps.billing });
  await app.register(adminPayoutRoutes, { billing: deps.billing });
  await app.register(adminTeamRoutes, { teams: deps.teams });
};
