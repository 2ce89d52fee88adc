import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB, NewPrompt, NewUser } from '../../src/server/db/types';

/*
 * Rows for tests, inserted straight into the database. Passwords are placeholders: tests that sign
 * in hash real ones.
 */

let counter = 0;
const next = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;
const iso = (d: Date = new Date()) => d.toISOString();

export async function insertUser(db: Kysely<DB>, overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? crypto.randomUUID();
  const email = overrides.email ?? `user-${next()}@example.test`;
  const row: NewUser = {
    id,
    name: 'Test User',
    email,
    email_normalized: email.trim().toLowerCase(),
    password_hash: 'not-a-real-hash',
    created_at: iso(),
    updated_at: iso(),
    ...overrides,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function insertPrompt(db: Kysely<DB>, authorId: string, overrides: Partial<NewPrompt> = {}) {
  const n = next();
  const createdAt = overrides.created_at ?? iso();
  const row: NewPrompt = {
    id: crypto.randomUUID(),
    slug: `prompt-${n}`,
    author_id: authorId,
    title: `Prompt ${n}`,
    description: 'A prompt for tests',
    content: 'You are a helpful assistant. Do the thing with [topic].',
    category: 'writing',
    status: 'published',
    created_at: createdAt,
    updated_at: createdAt,
    published_at: overrides.status && overrides.status !== 'published' ? null : createdAt,
    ...overrides,
  };
  if (overrides.rating_avg === undefined && row.rating_count)
    row.rating_avg = (row.rating_sum ?? 0) / row.rating_count;
  await db.insertInto('prompts').values(row).execute();
  return row;
}

/** A current subscription of the user to the plan: active, its period running until 2999. */
export async function insertSubscription(
  db: Kysely<DB>,
  userId: string,
  planId: string,
  overrides: Partial<Insertable<DB['subscriptions']>> = {},
) {
  const now = iso();
  const row: Insertable<DB['subscriptions']> = {
    id: crypto.randomUUID(),
    user_id: userId,
    plan_id: planId,
    status: 'active',
    current_period_start: now,
    current_period_end: '2999-01-01T00:00:00.000Z',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('subscriptions').values(row).execute();
  return row;
}

/** A timestamp `minutes` before now. */
export const minutesAgo = (minutes: number) => iso(new Date(Date.now() - minutes * 60_000));
