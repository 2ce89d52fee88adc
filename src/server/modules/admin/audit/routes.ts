import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../deps';

/** Admin audit endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
