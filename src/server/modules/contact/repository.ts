import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  ip: string | null;
  createdAt: string;
}

export async function insertContactMessage(db: Kysely<DB>, m: NewContactMessage): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({
      id: m.id,
      name: m.name,
      email: m.email,
      company: m.company,
      message: m.message,
      ip: m.ip,
      created_at: m.createdAt,
    })
    .execute();
}
