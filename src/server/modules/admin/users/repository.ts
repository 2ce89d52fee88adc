import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB, UsersTable } from '../../../db/types';
import { isCurrentSubscription } from '../../billing/service';

/*
 * All SQL of the admin users section. A user's plan is their newest current subscription (active or
 * trialing, not past its period end); everyone else is on the free plan. Counts come back as strings
 * from PostgreSQL, so they are read with Number().
 */

const num = (v: unknown) => Number(v ?? 0);

export interface UserFilter {
  search?: string;
  status?: string;
  /** 'free', or a paid plan's id. */
  plan?: { kind: 'free' } | { kind: 'paid'; planId: string };
  now: string;
}

/** `%text%` for LIKE, with the wildcards in the text taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function currentPaidSubscription(
  eb: ExpressionBuilder<DB & { u: UsersTable }, 'u'>,
  now: string,
  planId?: string,
) {
  let q = eb
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select('s.id')
    .whereRef('s.user_id', '=', 'u.id')
    .where(isCurrentSubscription('s', now))
    .where('p.price_monthly_minor', '>', 0);
  if (planId) q = q.where('s.plan_id', '=', planId);
  return eb.exists(q);
}

function filtered(db: Kysely<DB>, filter: UserFilter) {
  let q = db.selectFrom('users as u');
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    // lower() on both sides: LIKE is case-sensitive on PostgreSQL; ESCAPE is explicit for SQLite.
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(u.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(u.email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filter.status && filter.status !== 'all') q = q.where('u.status', '=', filter.status);
  const plan = filter.plan;
  if (plan?.kind === 'free') q = q.where((eb) => eb.not(currentPaidSubscription(eb, filter.now)));
  else if (plan?.kind === 'paid') q = q.where((eb) => currentPaidSubscription(eb, filter.now, plan.planId));
  return q;
}

export async function countUsers(db: Kysely<DB>, filter: UserFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return num(row?.n);
}

/** A page of users, newest first; without `page`, every matching user (the export). */
export function listUsers(db: Kysely<DB>, filter: UserFilter, page?: { offset: number; limit: number }) {
  let q = filtered(db, filter)
    .select(['u.id', 'u.name', 'u.email', 'u.role', 'u.status', 'u.created_at', 'u.last_active_at'])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}

export const findUser = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'status', 'created_at', 'last_active_at'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The current subscriptions of these users, newest first, with their plans. */
export function currentSubscriptions(db: Kysely<DB>, userIds: string[], now: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select([
      's.user_id',
      's.plan_id',
      's.status',
      's.current_period_end',
      'p.name as plan_name',
      'p.price_monthly_minor',
    ])
    .where('s.user_id', 'in', userIds)
    .where(isCurrentSubscription('s', now))
    .orderBy('s.created_at', 'desc')
    .execute();
}

/** The prompts each user wrote. */
export async function countPrompts(db: Kysely<DB>, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('prompts')
    .select(['author_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author_id', 'in', ids)
    .groupBy('author_id')
    .execute();
  return new Map(rows.map((r) => [r.author_id, num(r.n)]));
}

/** What each user paid, less refunds, in minor units. */
export async function spentMinor(db: Kysely<DB>, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['user_id', sql<number>`sum(amount_minor - refunded_minor)`.as('n')])
    .where('status', 'in', ['captured', 'refunded'])
    .where('user_id', 'in', ids)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, num(r.n)]));
}

/** The count cards: over every user, whatever the filters. */
export async function userCounts(db: Kysely<DB>, now: string) {
  const [users, premium, revenue] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'active').then(1).else(0).end()).as('active'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => currentPaidSubscription(eb, now))
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .select(sql<number>`coalesce(sum(amount_minor - refunded_minor), 0)`.as('n'))
      .where('status', 'in', ['captured', 'refunded'])
      .executeTakeFirst(),
  ]);
  return {
    total: num(users?.total),
    active: num(users?.active),
    premium: num(premium?.n),
    revenueMinor: num(revenue?.n),
  };
}

export const listPlans = (db: Kysely<DB>) =>
  db
    .selectFrom('plans')
    .select(['id', 'name', 'price_monthly_minor'])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();

export async function countActiveAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return num(row?.n);
}

export async function setStatus(db: Kysely<DB>, id: string, status: string, now: string): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export const findEmail = (db: Kysely<DB>, id: string) =>
  db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
