import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromptIdParamsSchema } from '../../../shared/creator';
import { successEnvelope } from '../../../shared/envelope';
import {
  ExampleInputSchema,
  ExampleParamsSchema,
  ExampleResultSchema,
  PromptExamplesSchema,
  PromptTestsSchema,
  TestCaseInputSchema,
  TestCaseParamsSchema,
  TestCaseResultSchema,
} from '../../../shared/prompt-tests';
import {
  type PromptTestsDeps,
  addExample,
  addTestCase,
  deleteExample,
  deleteTestCase,
  promptExamples,
  promptTests,
} from './service';

const bearer = [{ bearerAuth: [] }];

/** A creator's test cases of their prompt, and what the runs found (issue 56). */
export const promptTestRoutes: FastifyPluginAsyncZod<{ deps: PromptTestsDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/user/prompts/:id/tests',
    {
      schema: {
        tags: ['creator'],
        summary: "Your prompt's test cases, its board, recent runs and this month's test budget",
        security: bearer,
        params: PromptIdParamsSchema,
        response: { 200: successEnvelope(PromptTestsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await promptTests(deps, request.auth!, request.params.id),
    }),
  );

  app.post(
    '/user/prompts/:id/tests',
    {
      schema: {
        tags: ['creator'],
        summary:
          'Add a test case to your prompt (run on every model when a version is published, then weekly)',
        security: bearer,
        params: PromptIdParamsSchema,
        body: TestCaseInputSchema,
        response: { 201: successEnvelope(TestCaseResultSchema) },
      },
    },
    async (request, reply) => {
      const testCase = await addTestCase(deps, request.auth!, request.params.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { testCase }, message: 'Test case added' });
    },
  );

  app.delete(
    '/user/prompts/:id/tests/:caseId',
    {
      schema: {
        tags: ['creator'],
        summary: 'Delete a test case of your prompt',
        security: bearer,
        params: TestCaseParamsSchema,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await deleteTestCase(deps, request.auth!, request.params.id, request.params.caseId);
      return { success: true as const, data: { deleted: true as const }, message: 'Test case deleted' };
    },
  );

  app.get(
    '/user/prompts/:id/examples',
    {
      schema: {
        tags: ['creator'],
        summary: "Your prompt's verified examples, and the runs you may show as examples",
        security: bearer,
        params: PromptIdParamsSchema,
        response: { 200: successEnvelope(PromptExamplesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await promptExamples(deps, request.auth!, request.params.id),
    }),
  );

  app.post(
    '/user/prompts/:id/examples',
    {
      schema: {
        tags: ['creator'],
        summary:
          'Show one of your runs on the listing as an example (a test run of the prompt, or your own playground run of it), copied by the server',
        security: bearer,
        params: PromptIdParamsSchema,
        body: ExampleInputSchema,
        response: { 201: successEnvelope(ExampleResultSchema) },
      },
    },
    async (request, reply) => {
      const example = await addExample(deps, request.auth!, request.params.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { example }, message: 'Example added to the listing' });
    },
  );

  app.delete(
    '/user/prompts/:id/examples/:exampleId',
    {
      schema: {
        tags: ['creator'],
        summary: 'Take an example off your listing',
        security: bearer,
        params: ExampleParamsSchema,
        response: { 200: successEnvelope(z.object({ deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      await deleteExample(deps, request.auth!, request.params.id, request.params.exampleId);
      return { success: true as const, data: { deleted: true as const }, message: 'Example removed' };
    },
  );
};
