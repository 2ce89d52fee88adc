import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/password';
import type { DB } from '../types';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { buildDemoData, type DemoData, type DemoPasswordHashes } from './demo-data';
import { seedDemoDailyStats } from './demo-daily-stats';
import { insertRows } from './seed-utils';

export interface DemoSeedSummary {
  users: number;
  plans: number;
  prompts: number;
  publishedPrompts: number;
  reviews: number;
  playgroundSessions: number;
  payments: number;
  activityEvents: number;
}

async function usersTableEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Hashes each distinct password once; argon2 runs off the main thread, so the three run side by side. */
async function demoPasswordHashes(): Promise<DemoPasswordHashes> {
  const [user, admin, others] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.user.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(crypto.randomBytes(24).toString('base64url')),
  ]);
  return { user, admin, others };
}

/** Inserts a built demo data set, parents before children. */
export async function insertDemoData(db: Kysely<DB>, data: DemoData): Promise<void> {
  await insertRows(db, 'plans', data.plans);
  await insertRows(db, 'users', data.users);
  await insertRows(db, 'subscriptions', data.subscriptions);
  await insertRows(db, 'prompts', data.prompts);
  await insertRows(db, 'payments', data.payments);
  await insertRows(db, 'purchases', data.purchases);
  await insertRows(db, 'creator_earnings', data.earnings);
  await insertRows(db, 'prompt_reviews', data.reviews);
  await insertRows(db, 'prompt_likes', data.likes);
  await insertRows(db, 'prompt_downloads', data.downloads);
  await insertRows(db, 'playground_sessions', data.sessions);
  await insertRows(db, 'playground_messages', data.messages);
  await insertRows(db, 'allowance_entries', data.allowanceEntries);
  await insertRows(db, 'activity_events', data.events);
}

function summarize(data: DemoData): DemoSeedSummary {
  return {
    users: data.users.length,
    plans: data.plans.length,
    prompts: data.prompts.length,
    publishedPrompts: data.prompts.filter((p) => p.status === 'published').length,
    reviews: data.reviews.length,
    playgroundSessions: data.sessions.length,
    payments: data.payments.length,
    activityEvents: data.events.length,
  };
}

/**
 * Fills an empty database with the demo data set, all in one transaction so a crash never leaves it
 * half seeded. Returns what it inserted, or null when the database already had users.
 */
export async function seedDemo(db: Kysely<DB>, now: number = Date.now()): Promise<DemoSeedSummary | null> {
  if (!(await usersTableEmpty(db))) return null;
  // Hashing happens before the transaction so SQLite's write lock is held only for the inserts.
  const data = buildDemoData(now, await demoPasswordHashes());
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await usersTableEmpty(trx))) return null;
      await insertDemoData(trx, data);
      await seedDemoDailyStats(trx, now);
      return summarize(data);
    });
  } catch (err) {
    // Two instances starting together on one PostgreSQL database race here; the loser's insert fails
    // on a unique key, and the winner's data is just as good.
    if (!(await usersTableEmpty(db))) return null;
    throw err;
  }
}

/**
 * Demo mode's start-up hook (product-decisions.md section 3): seeds the demo data set when the users
 * table is empty, and returns true when it did.
 */
export async function seedDemoIfEmpty(db: Kysely<DB>, log: FastifyBaseLogger): Promise<boolean> {
  const started = performance.now();
  const summary = await seedDemo(db);
  if (summary) log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'demo data seeded');
  return summary !== null;
}
