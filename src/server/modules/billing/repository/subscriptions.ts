import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types';

/** Subscriptions and the account's one trial (which one is current: current-plan.ts). */

type Db = Kysely<DB>;

export const findUser = (db: Db, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'trial_used_at'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Uses the one trial of an account; false when it was used already. */
export async function claimTrial(db: Db, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ trial_used_at: now })
    .where('id', '=', userId)
    .where('trial_used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSubscription(
  db: Db,
  row: {
    id: string;
    userId: string;
    planId: string;
    status: string;
    billing: string;
    start: string;
    end: string;
    trialEndsAt: string | null;
    paymentId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      id: row.id,
      user_id: row.userId,
      plan_id: row.planId,
      status: row.status,
      billing: row.billing,
      current_period_start: row.start,
      current_period_end: row.end,
      trial_ends_at: row.trialEndsAt,
      canceled_at: null,
      payment_id: row.paymentId,
      created_at: row.start,
      updated_at: row.start,
    })
    .execute();
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: {
    status?: string;
    billing?: string;
    current_period_start?: string;
    current_period_end?: string;
    trial_ends_at?: string | null;
    canceled_at?: string | null;
    payment_id?: string;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** Marks every subscription whose period has ended as expired; the user is back on Free. */
export async function expireEndedSubscriptions(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'expired', updated_at: now })
    .where('status', 'in', ['active', 'trialing'])
    .where('current_period_end', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const findSubscriptionByPayment = (db: Db, paymentId: string) =>
  db.selectFrom('subscriptions').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
