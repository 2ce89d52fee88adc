import { type Kysely, sql } from 'kysely';
import type { DB, NewPlan, PlanRow } from '../../../db/types';
import { findFreePlan, isCurrentSubscription } from '../../billing/service';

/** All SQL of the admin plans section: plans, who is on them, and what they brought in. */

export const listPlans = (db: Kysely<DB>) =>
  db
    .selectFrom('plans')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('price_monthly_minor')
    .orderBy('name')
    .execute();

export const findPlan = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('slug', '=', id)]))
    .executeTakeFirst();

/** The plan a user without a current subscription is on (the playground's own pick). */
export const findFreeTierPlanId = async (db: Kysely<DB>) => (await findFreePlan(db))?.id ?? null;

/** Users with a current subscription, per plan. */
export async function subscriberCounts(db: Kysely<DB>, now: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['plan_id', sql<number>`count(distinct user_id)`.as('n')])
    .where(isCurrentSubscription('subscriptions', now))
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
}

/** Customer accounts (admins are not customers), and how many of them hold a current subscription. */
export async function customerCounts(db: Kysely<DB>, now: string) {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when exists (
        select 1 from subscriptions s where s.user_id = u.id and ${isCurrentSubscription('s', now)}
      ) then 1 else 0 end)`.as('subscribed'),
    ])
    .where('u.role', '=', 'user')
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), subscribed: Number(row?.subscribed ?? 0) };
}

/** Captured subscription payments less refunds, per plan, in minor units. */
export async function revenueByPlan(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('payments')
    .select(['plan_id', sql<number>`coalesce(sum(amount_minor - refunded_minor), 0)`.as('s')])
    .where('plan_id', 'is not', null)
    .where('status', 'in', ['captured', 'refunded'])
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id as string, Number(r.s)]));
}

/** Paid subscriptions running now (not trials), with their plan's prices, for the monthly revenue. */
export const payingSubscriptions = (db: Kysely<DB>, now: string) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['s.billing', 'p.price_monthly_minor', 'p.price_yearly_minor'])
    .where('s.status', '=', 'active')
    .where((eb) => eb.or([eb('s.current_period_end', 'is', null), eb('s.current_period_end', '>', now)]))
    .execute();

export async function slugTaken(db: Kysely<DB>, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('plans').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertPlan(db: Kysely<DB>, row: NewPlan): Promise<void> {
  await db.insertInto('plans').values(row).execute();
}

export async function updatePlan(db: Kysely<DB>, id: string, changes: Partial<PlanRow>): Promise<void> {
  await db.updateTable('plans').set(changes).where('id', '=', id).execute();
}

export async function deletePlan(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('plans').where('id', '=', id).execute();
}

/** Whether any subscription or payment, past or present, points at the plan (the foreign keys forbid deleting it). */
export async function isReferenced(db: Kysely<DB>, id: string): Promise<boolean> {
  const [sub, pay] = await Promise.all([
    db.selectFrom('subscriptions').select('id').where('plan_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('payments').select('id').where('plan_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return Boolean(sub ?? pay);
}

export const findActor = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
