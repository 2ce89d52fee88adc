import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

export async function countActiveUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .where('status', '=', 'active')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countPublishedPrompts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('prompts')
    .where('status', '=', 'published')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** AI replies in the playground: how many, and how many completed. */
export async function countReplies(db: Kysely<DB>): Promise<{ total: number; complete: number }> {
  const row = await db
    .selectFrom('playground_messages')
    .where('role', '=', 'ai')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'complete').then(1).else(0).end()).as('complete'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), complete: Number(row?.complete ?? 0) };
}

/** Median latency of completed replies, or null when there are none. */
export async function medianReplyLatency(db: Kysely<DB>): Promise<number | null> {
  const base = db
    .selectFrom('playground_messages')
    .where('role', '=', 'ai')
    .where('status', '=', 'complete')
    .where('latency_ms', 'is not', null);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const n = Number(countRow?.n ?? 0);
  if (n === 0) return null;
  const row = await base
    .select('latency_ms')
    .orderBy('latency_ms')
    .limit(1)
    .offset(Math.floor((n - 1) / 2))
    .executeTakeFirst();
  return row?.latency_ms ?? null;
}
