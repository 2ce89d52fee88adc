import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../deps';

/** Admin plans endpoints (issue 8). The parent plugin has already checked the admin token. */
export const adminPlansRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {};
