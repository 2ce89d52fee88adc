import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types';
import { isCurrentSubscription } from '../../billing/service';

/*
 * All SQL of the admin dashboard. Aggregates come back as strings from PostgreSQL's bigint, so every
 * figure is read with Number(). Days are the first ten characters of the ISO timestamps (UTC), which
 * both engines group on the same way.
 */

/** Payments that brought money in: captured ones, and refunded ones (whose refund is subtracted). */
const EARNING_STATUSES = ['captured', 'refunded'];

const num = (v: unknown) => Number(v ?? 0);

export async function countUsers(db: Kysely<DB>, range?: { from: string; to?: string }): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (range) q = q.where('created_at', '>=', range.from);
  if (range?.to) q = q.where('created_at', '<', range.to);
  return num((await q.executeTakeFirst())?.n);
}

/** Users with a current subscription to a plan that costs money. */
export async function countPremiumUsers(db: Kysely<DB>, now: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(sql<number>`count(distinct s.user_id)`.as('n'))
    .where(isCurrentSubscription('s', now))
    .where('p.price_monthly_minor', '>', 0)
    .executeTakeFirst();
  return num(row?.n);
}

/** Users per plan among current subscriptions (a user counted once, on their newest one). */
export async function currentSubscriptionsByPlan(db: Kysely<DB>, now: string) {
  const rows = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['s.user_id', 's.plan_id', 's.created_at', 'p.name', 'p.price_monthly_minor', 'p.sort_order'])
    .where(isCurrentSubscription('s', now))
    .orderBy('s.created_at', 'desc')
    .execute();
  return rows;
}

export const listPlans = (db: Kysely<DB>) =>
  db
    .selectFrom('plans')
    .select(['id', 'name', 'price_monthly_minor', 'sort_order'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();

export async function promptCounts(db: Kysely<DB>, since: string) {
  const row = await db
    .selectFrom('prompts')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'published').then(1).else(0).end()).as('published'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'draft').then(1).else(0).end()).as('drafts'),
      eb.fn.sum<number>(eb.case().when('created_at', '>=', since).then(1).else(0).end()).as('recent'),
      eb.fn.sum<number>('views_count').as('views'),
      eb.fn.sum<number>('downloads_count').as('downloads'),
    ])
    .executeTakeFirst();
  return {
    total: num(row?.total),
    published: num(row?.published),
    drafts: num(row?.drafts),
    recent: num(row?.recent),
    views: num(row?.views),
    downloads: num(row?.downloads),
  };
}

/** Money kept from payments (captured less refunded), by the day it was paid; all time without a range. */
export async function revenueMinor(db: Kysely<DB>, range?: { from: string; to: string }): Promise<number> {
  let q = db
    .selectFrom('payments')
    .select(sql<number>`coalesce(sum(amount_minor - refunded_minor), 0)`.as('n'))
    .where('status', 'in', EARNING_STATUSES);
  if (range) q = q.where('paid_at', '>=', range.from).where('paid_at', '<', range.to);
  return num((await q.executeTakeFirst())?.n);
}

const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export async function signupsByDay(db: Kysely<DB>, from: string) {
  const rows = await db
    .selectFrom('users')
    .select([day('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from)
    .groupBy(day('created_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, n: num(r.n) }));
}

export async function publicationsByDay(db: Kysely<DB>, from: string) {
  const rows = await db
    .selectFrom('prompts')
    .select([day('published_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('published_at', '>=', from)
    .groupBy(day('published_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, n: num(r.n) }));
}

export async function revenueByDay(db: Kysely<DB>, from: string) {
  const rows = await db
    .selectFrom('payments')
    .select([day('paid_at').as('day'), sql<number>`sum(amount_minor - refunded_minor)`.as('n')])
    .where('status', 'in', EARNING_STATUSES)
    .where('paid_at', '>=', from)
    .groupBy(day('paid_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, n: num(r.n) }));
}

export async function topPrompts(db: Kysely<DB>, by: 'views' | 'revenue', limit: number) {
  const column = by === 'views' ? 'p.views_count' : 'p.revenue_minor';
  let q = db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.title',
      'p.category',
      'p.type',
      'p.views_count',
      'p.downloads_count',
      'p.revenue_minor',
      'u.name as author_name',
    ])
    .where('p.status', '=', 'published');
  if (by === 'revenue') q = q.where('p.revenue_minor', '>', 0);
  return q.orderBy(column, 'desc').orderBy('p.title').limit(limit).execute();
}

/** Creators by what they earned (the creator_earnings ledger: sales less refunds). */
export async function topCreators(db: Kysely<DB>, limit: number) {
  const rows = await db
    .selectFrom('creator_earnings as e')
    .innerJoin('users as u', 'u.id', 'e.creator_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      sql<number>`sum(e.amount_minor)`.as('earned'),
      sql<number>`sum(case when e.kind = 'sale' then 1 else 0 end)`.as('sales'),
      (eb) =>
        eb
          .selectFrom('prompts as p')
          .select((inner) => inner.fn.countAll<number>().as('c'))
          .whereRef('p.author_id', '=', 'u.id')
          .where('p.status', '=', 'published')
          .as('prompts'),
    ])
    .groupBy(['u.id', 'u.name', 'u.email'])
    .orderBy(sql`sum(e.amount_minor)`, 'desc')
    .orderBy('u.name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    earnedMinor: num(r.earned),
    sales: num(r.sales),
    prompts: num(r.prompts),
  }));
}

/** The feed's event types: sign-ups, publications, payments and moderation. */
export const FEED_EVENT_TYPES = [
  'user.registered',
  'prompt.published',
  'payment.succeeded',
  'payment.refunded',
  'subscription.started',
  'prompt.moderated',
] as const;

export const recentEvents = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('activity_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('prompts as p', 'p.id', 'e.prompt_id')
    .select(['e.id', 'e.type', 'e.data', 'e.created_at', 'u.name as actor_name', 'p.title as prompt_title'])
    .where('e.type', 'in', [...FEED_EVENT_TYPES])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();

/** Admin moderation in the audit log: prompts and account status changes. */
export const recentModeration = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('users as target', (join) =>
      join.onRef('target.id', '=', 'a.target_id').on('a.target_type', '=', 'user'),
    )
    .leftJoin('prompts as p', (join) =>
      join.onRef('p.id', '=', 'a.target_id').on('a.target_type', '=', 'prompt'),
    )
    .select([
      'a.id',
      'a.action',
      'a.actor_email',
      'a.target_type',
      'a.after',
      'a.created_at',
      'target.name as user_name',
      'p.title as prompt_title',
    ])
    .where((eb) => eb.or([eb('a.action', 'like', 'prompt.%'), eb('a.action', 'like', 'user.%')]))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
