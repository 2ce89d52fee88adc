import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { DB } from '../types';

/** Every data table, children before parents, so deleting in this order never trips a foreign key. */
const DATA_TABLES = [
  'activity_events',
  'playground_messages',
  'playground_sessions',
  'purchases',
  'payments',
  'prompt_reviews',
  'prompt_downloads',
  'prompt_likes',
  'prompt_views',
  'subscriptions',
  'prompts',
  'plans',
  'admin_settings',
  'auth_sessions',
  'password_resets',
  'contact_messages',
  'mail_outbox',
  'jobs',
  'users',
] as const satisfies readonly (keyof DB)[];

/**
 * Empties every data table and keeps the schema. Tables that later migrations add are emptied too when
 * they reference users or prompts with ON DELETE CASCADE (and, on PostgreSQL, always, through CASCADE).
 */
export async function resetData(db: Kysely<DB>, engine: Engine): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (engine === 'postgres') {
      await sql`truncate table ${sql.join(DATA_TABLES.map((t) => sql.table(t)))} cascade`.execute(trx);
      return;
    }
    for (const table of DATA_TABLES) await trx.deleteFrom(table).execute();
  });
}
