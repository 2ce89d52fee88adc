import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromptIdParamsSchema } from '../../../shared/creator';
import { successEnvelope } from '../../../shared/envelope';
import {
  PromptTestsSchema,
  TestCaseInputSchema,
  TestCaseParamsSchema,
  TestCaseResultSchema,
} from '../../../shared/prompt-tests';
import { type PromptTestsDeps, addTestCase, deleteTestCase, promptTests } from './service';

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
};
