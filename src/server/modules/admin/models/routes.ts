import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminModelListSchema,
  CostQuerySchema,
  CostReportSchema,
  ModelPriceUpdateSchema,
  PlanModelsParamsSchema,
  PlanModelsSchema,
  PlanModelsUpdateSchema,
} from '../../../../shared/admin-models';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { costReport, listModels, setPlanModels, setPrice } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];

/** Admin models endpoints (issue 52). The parent plugin has already checked the admin token. */
export const adminModelsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { config, models }) => {
  const db = app.database.db;
  const actorOf = (request: { auth: { userId: string } | null; ip: string }) => ({
    userId: request.auth!.userId,
    ip: request.ip,
  });

  app.get(
    '/models',
    {
      schema: {
        tags,
        summary: 'Every configured model with its provider, status, price and plans',
        security: bearer,
        response: { 200: successEnvelope(AdminModelListSchema) },
      },
    },
    async () => ({ success: true as const, data: { models: await listModels(db, models) } }),
  );

  app.post(
    '/models/refresh',
    {
      schema: {
        tags,
        summary: "Read the OpenAI-compatible servers' model lists again",
        security: bearer,
        response: { 200: successEnvelope(AdminModelListSchema) },
      },
    },
    async () => {
      await models.refresh();
      return { success: true as const, data: { models: await listModels(db, models) } };
    },
  );

  app.put(
    '/models/price',
    {
      schema: {
        tags,
        summary: "Set a model's price per million input and output tokens",
        security: bearer,
        body: ModelPriceUpdateSchema,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await setPrice(db, models, actorOf(request), request.body);
      return { success: true as const, data: null, message: 'Price saved' };
    },
  );

  app.put(
    '/plans/:id/models',
    {
      schema: {
        tags,
        summary: 'The models a plan may use (none listed: every model) and its default',
        security: bearer,
        params: PlanModelsParamsSchema,
        body: PlanModelsUpdateSchema,
        response: { 200: successEnvelope(PlanModelsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setPlanModels(db, models, actorOf(request), request.params.id, request.body),
      message: 'Plan models saved',
    }),
  );

  app.get(
    '/models/costs',
    {
      schema: {
        tags,
        summary: 'What the playground cost: by day, model and plan, and the top users',
        security: bearer,
        querystring: CostQuerySchema,
        response: { 200: successEnvelope(CostReportSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await costReport(db, request.query.days, config.payments.currency),
    }),
  );
};
