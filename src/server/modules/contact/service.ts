import type { Kysely } from 'kysely';
import type { ContactRequestSchema } from '../../../shared/contact';
import type { DB } from '../../db/types';
import { newId, nowIso } from '../../lib/time';
import { insertContactMessage } from './repository';
import type { z } from 'zod';

/** Stores a Contact Sales message; the sales team reads them from the database (and, later, by mail). */
export async function submitContactMessage(
  db: Kysely<DB>,
  input: z.output<typeof ContactRequestSchema>,
  ip: string | null,
): Promise<{ id: string }> {
  const id = newId();
  await insertContactMessage(db, { id, ...input, ip, createdAt: nowIso() });
  return { id };
}
