import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  JobListSchema,
  JobParamsSchema,
  JobRetryResultSchema,
  JobsQuerySchema,
} from '../../../../shared/admin-jobs';
import { successEnvelope } from '../../../../shared/envelope';
import type { AdminDeps } from '../deps';
import { listJobs, retryJob } from './service';

const bearer = [{ bearerAuth: [] }];

/**
 * Admin Jobs endpoints (issue 58): recent background jobs and their failures, and a dead job's
 * retry. The parent plugin has already checked the admin token.
 */
export const adminJobsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app) => {
  const db = app.database.db;

  app.get(
    '/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs, newest first, with counts per state (dead ones are failed)',
        security: bearer,
        querystring: JobsQuerySchema,
        response: { 200: successEnvelope(JobListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listJobs(db, app.jobs, request.query) }),
  );

  app.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Put a dead job back in its queue for one more try',
        security: bearer,
        params: JobParamsSchema,
        response: { 200: successEnvelope(JobRetryResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        job: await retryJob(
          db,
          app.jobs,
          { userId: request.auth!.userId, ip: request.ip },
          request.params.id,
        ),
      },
      message: 'Job queued for another try',
    }),
  );
};
