import { type Expression, type InferResult, type Kysely, type SqlBool, expressionBuilder, sql } from 'kysely';
import { precompiled } from '../../../db/precompiled';
import type { DB } from '../../../db/types';

/*
 * The one owner of "which plan is a user on now" (style guide rule 12). A user's current
 * subscription is their newest one that is active or trialing and whose period is not over
 * (a period without an end never ends); a user without one is on the free plan: the active plan
 * priced 0 a month that sorts first (ties: the oldest). Auth's account summary, the allowance and
 * the admin panel ask here, through billing's service; the rule is written once
 * (isCurrentSubscription, freePlanQuery's conditions) and given in the shapes callers need: a row, a
 * compiled finder, a column or a condition of another statement.
 */

type Db = Kysely<DB>;

const CURRENT_STATUSES = ['active', 'trialing'];

/**
 * The rule itself, as a condition on the subscription row at `alias`: active or trialing, and its
 * period not over. Statements over many users (the admin panel's counts and lists) use it as is.
 */
export function isCurrentSubscription(alias: string, now: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${column('status')} in (${sql.join(CURRENT_STATUSES)}) and (${column(
    'current_period_end',
  )} is null or ${column('current_period_end')} > ${now}))`;
}

/** The user's current subscription with its plan, or nothing on the free tier. */
const currentSubscriptionQuery = (db: Db, userId: string, now: string) =>
  db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .selectAll('s')
    .select(['p.name as plan_name', 'p.slug as plan_slug', 'p.session_limit', 'p.price_monthly_minor'])
    .where('s.user_id', '=', userId)
    .where(isCurrentSubscription('s', now))
    .orderBy('s.created_at', 'desc');

export const findCurrentSubscription = (db: Db, userId: string, now: string) =>
  currentSubscriptionQuery(db, userId, now).executeTakeFirst();

export type CurrentSubscriptionRow = InferResult<ReturnType<typeof currentSubscriptionQuery>>[number];

/** findCurrentSubscription, compiled once (each chat turn that takes a slot reads it). */
export const currentSubscriptionFinder = (db: Db) =>
  precompiled<[userId: string, now: string], CurrentSubscriptionRow>(db, 2, (userId, now) =>
    currentSubscriptionQuery(db, userId, now),
  );

/** The id of the current subscription of the user at `userId` (a column of the caller's statement). */
export const currentSubscriptionIdOf = (userId: Expression<string>, now: string) =>
  expressionBuilder<DB, never>()
    .selectFrom('subscriptions as cs')
    .innerJoin('plans as cp', 'cp.id', 'cs.plan_id')
    .select('cs.id')
    .where('cs.user_id', '=', userId)
    .where(isCurrentSubscription('cs', now))
    .orderBy('cs.created_at', 'desc')
    .limit(1);

/** The plan a user without a current subscription is on. */
const freePlanQuery = (db: Db) =>
  db
    .selectFrom('plans')
    .select(['id', 'name', 'slug', 'session_limit'])
    .where('price_monthly_minor', '=', 0)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id');

export const findFreePlan = (db: Db) => freePlanQuery(db).executeTakeFirst();

/** The free plan's id, as a subquery of the caller's statement. */
export const freePlanId = () =>
  expressionBuilder<DB, never>()
    .selectFrom('plans as fp')
    .select('fp.id')
    .where('fp.price_monthly_minor', '=', 0)
    .where('fp.is_active', '=', 1)
    .orderBy('fp.sort_order')
    .orderBy('fp.created_at')
    .orderBy('fp.id')
    .limit(1);
