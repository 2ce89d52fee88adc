import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../types';

// Placeholder: the demo data set is being written.
export async function seedDemoIfEmpty(_db: Kysely<DB>, _log: FastifyBaseLogger): Promise<boolean> {
  return false;
}
