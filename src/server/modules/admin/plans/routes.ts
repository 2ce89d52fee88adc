import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPlanCreateSchema,
  AdminPlanDeleteResultSchema,
  AdminPlanIdParamsSchema,
  AdminPlanListSchema,
  AdminPlanResultSchema,
  AdminPlanUpdateSchema,
  PLAN_MESSAGES,
  PlanSummarySchema,
} from '../../../../shared/admin-plans';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { createAdminPlan, deleteAdminPlan, listAdminPlans, planSummary, updateAdminPlan } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];

/** Admin plans endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminPlansRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { config, models }) => {
  const db = app.database.db;
  const actorOf = (request: { auth: { userId: string } | null; ip: string }) => ({
    userId: request.auth!.userId,
    ip: request.ip,
  });

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'Every plan, inactive and hidden ones too, by order, with subscribers and revenue',
        security: bearer,
        response: { 200: successEnvelope(AdminPlanListSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: await listAdminPlans(db, config.payments.currency, models),
    }),
  );

  app.get(
    '/plans/analytics',
    {
      schema: {
        tags,
        summary: 'Plan summary stats: plans, subscribers, users, monthly revenue, conversion rate',
        security: bearer,
        response: { 200: successEnvelope(PlanSummarySchema) },
      },
    },
    async () => ({ success: true as const, data: await planSummary(db, config.payments.currency) }),
  );

  app.post(
    '/plans',
    {
      schema: {
        tags,
        summary: 'Create a plan',
        security: bearer,
        body: AdminPlanCreateSchema,
        response: { 201: successEnvelope(AdminPlanResultSchema) },
      },
    },
    async (request, reply) => {
      const plan = await createAdminPlan(
        db,
        actorOf(request),
        request.body,
        config.payments.currency,
        models,
      );
      return reply
        .status(201)
        .send({ success: true as const, data: { plan }, message: PLAN_MESSAGES.created });
    },
  );

  app.put(
    '/plans/:id',
    {
      schema: {
        tags,
        summary: 'Edit a plan (its playground allowance takes effect at once)',
        security: bearer,
        params: AdminPlanIdParamsSchema,
        body: AdminPlanUpdateSchema,
        response: { 200: successEnvelope(AdminPlanResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { plan: await updateAdminPlan(db, actorOf(request), request.params.id, request.body, models) },
      message: PLAN_MESSAGES.updated,
    }),
  );

  app.delete(
    '/plans/:id',
    {
      schema: {
        tags,
        summary: 'Delete a plan nobody is on (deactivated and hidden instead when past records point at it)',
        security: bearer,
        params: AdminPlanIdParamsSchema,
        response: { 200: successEnvelope(AdminPlanDeleteResultSchema) },
      },
    },
    async (request) => {
      const result = await deleteAdminPlan(db, actorOf(request), request.params.id);
      return {
        success: true as const,
        data: result,
        message: result.deleted ? PLAN_MESSAGES.deleted : PLAN_MESSAGES.deactivated,
      };
    },
  );
};
