import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { currentSubscriptionFinder, findFreePlan } from './repository';

/*
 * The auth module's answer to "which plan is this user on": other modules (the playground's
 * allowance) ask here rather than reading auth's repository. The query itself is
 * currentSubscriptionQuery in repository.ts, the one owner of the rule.
 */

export interface CurrentPlan {
  planId: string;
  name: string;
  /** Sessions a month, null for unlimited. */
  sessionLimit: number | null;
}

/** A reader of a user's current subscription's plan (compiled once), undefined on the free tier. */
export function currentPlanReader(db: Kysely<DB>) {
  const find = currentSubscriptionFinder(db);
  return async (userId: string, now: string): Promise<CurrentPlan | undefined> => {
    const row = await find(userId, now);
    return row ? { planId: row.plan_id, name: row.plan_name, sessionLimit: row.session_limit } : undefined;
  };
}

/** The plan of a user without a current subscription: the first active free plan, if any. */
export async function freePlan(db: Kysely<DB>): Promise<CurrentPlan | undefined> {
  const row = await findFreePlan(db);
  return row ? { planId: row.id, name: row.name, sessionLimit: row.session_limit } : undefined;
}
