import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types';

/** All SQL of the admin's models section: prices, plan models, and the playground's cost. */

export const listPrices = (db: Kysely<DB>) =>
  db.selectFrom('model_prices').select(['model_key', 'input_micros', 'output_micros']).execute();

export const listPlanModels = (db: Kysely<DB>) =>
  db.selectFrom('plan_models').select(['plan_id', 'model_key', 'is_default']).execute();

export const listPlanNames = (db: Kysely<DB>) =>
  db.selectFrom('plans').select(['id', 'name']).orderBy('sort_order').orderBy('name').execute();

export const findPlan = (db: Kysely<DB>, id: string) =>
  db.selectFrom('plans').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export async function upsertPrice(
  db: Kysely<DB>,
  row: { model_key: string; input_micros: number; output_micros: number; updated_at: string },
) {
  await db
    .insertInto('model_prices')
    .values(row)
    .onConflict((oc) =>
      oc.column('model_key').doUpdateSet({
        input_micros: row.input_micros,
        output_micros: row.output_micros,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function replacePlanModels(
  db: Kysely<DB>,
  planId: string,
  models: string[],
  defaultKey: string | null,
) {
  await db.deleteFrom('plan_models').where('plan_id', '=', planId).execute();
  if (models.length === 0) return;
  await db
    .insertInto('plan_models')
    .values(
      models.map((key) => ({ plan_id: planId, model_key: key, is_default: key === defaultKey ? 1 : 0 })),
    )
    .execute();
}

/** Replies with a cost since `from`, grouped by what the caller names. */
const costs = (db: Kysely<DB>, from: string) =>
  db
    .selectFrom('playground_messages as m')
    .where('m.role', '=', 'ai')
    .where('m.cost_micros', 'is not', null)
    .where('m.created_at', '>=', from);

const sums = [
  sql<number>`coalesce(sum(m.cost_micros), 0)`.as('cost'),
  sql<number>`count(*)`.as('replies'),
  sql<number>`coalesce(sum(m.input_tokens), 0)`.as('input_tokens'),
  sql<number>`coalesce(sum(m.output_tokens), 0)`.as('output_tokens'),
] as const;

export const costTotal = (db: Kysely<DB>, from: string) =>
  costs(db, from).select(sums).executeTakeFirstOrThrow();

export const costByDay = (db: Kysely<DB>, from: string) =>
  costs(db, from)
    .select([sql<string>`substr(m.created_at, 1, 10)`.as('day'), ...sums])
    .groupBy(sql`substr(m.created_at, 1, 10)`)
    .orderBy('day')
    .execute();

export const costByModel = (db: Kysely<DB>, from: string) =>
  costs(db, from)
    .select([sql<string>`coalesce(m.model_key, m.model, '')`.as('model'), ...sums])
    .groupBy(sql`coalesce(m.model_key, m.model, '')`)
    .orderBy('cost', 'desc')
    .execute();

export const costByPlan = (db: Kysely<DB>, from: string) =>
  costs(db, from)
    .leftJoin('plans as p', 'p.id', 'm.plan_id')
    .select(['m.plan_id', 'p.name as plan_name', ...sums])
    .groupBy(['m.plan_id', 'p.name'])
    .orderBy('cost', 'desc')
    .execute();

export const topUsersByCost = (db: Kysely<DB>, from: string, limit: number) =>
  costs(db, from)
    .innerJoin('playground_sessions as s', 's.id', 'm.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email', ...sums])
    .groupBy(['u.id', 'u.name', 'u.email'])
    .orderBy('cost', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
