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
import { AdminDefaultPresetSchema, PresetInputSchema } from '../../../../shared/playground-settings';
import { clearDefaultPreset, setDefaultPreset } from '../../playground/service';
import type { AdminDeps } from '../deps';
import { costReport, defaultPresetView, listModels, setPlanModels, setPrice } from './service';

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
    '/models/default-preset',
    {
      schema: {
        tags,
        summary: 'The default chat preset new chats start from, and the plans that lack its model',
        security: bearer,
        response: { 200: successEnvelope(AdminDefaultPresetSchema) },
      },
    },
    async () => ({ success: true as const, data: await defaultPresetView(db, models) }),
  );

  app.put(
    '/models/default-preset',
    {
      schema: {
        tags,
        summary: 'Set the default chat preset: a name, any configured model, and session settings',
        security: bearer,
        body: PresetInputSchema,
        response: { 200: successEnvelope(AdminDefaultPresetSchema) },
      },
    },
    async (request) => {
      await setDefaultPreset({ db, models }, actorOf(request), request.body);
      return {
        success: true as const,
        data: await defaultPresetView(db, models),
        message: 'Default preset saved',
      };
    },
  );

  app.delete(
    '/models/default-preset',
    {
      schema: {
        tags,
        summary: 'Remove the default chat preset: new chats start from the playground’s own settings',
        security: bearer,
        response: { 200: successEnvelope(AdminDefaultPresetSchema) },
      },
    },
    async (request) => {
      await clearDefaultPreset({ db }, actorOf(request));
      return {
        success: true as const,
        data: { preset: null, plansWithout: [] },
        message: 'Default preset removed',
      };
    },
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
