import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types';

/** Plans as billing reads them: the pricing page's list, a plan to buy, the trial's, the free one. */

type Db = Kysely<DB>;

export const listVisiblePlans = (db: Db) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('is_visible', '=', 1)
    .orderBy('sort_order')
    .orderBy('price_monthly_minor')
    .execute();

export const findActivePlan = (db: Db, idOrSlug: string) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .where('is_active', '=', 1)
    .executeTakeFirst();

/** The plan a trial gives: Premium, or failing that the most popular paid plan. */
export const findTrialPlan = (db: Db) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('is_active', '=', 1)
    .where('price_monthly_minor', '>', 0)
    .orderBy(sql`case when slug = 'premium' then 0 else 1 end`)
    .orderBy('is_popular', 'desc')
    .orderBy('sort_order')
    .executeTakeFirst();

export const findPlanName = (db: Db, id: string) =>
  db.selectFrom('plans').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
