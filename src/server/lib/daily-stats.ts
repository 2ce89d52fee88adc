import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/precompiled';
import type { DB } from '../db/types';
import { todayUtc } from './time';

export type DailyStat = 'views' | 'likes' | 'downloads' | 'tries' | 'purchases';

/** Today's row of a prompt, created with `stat` at one or moved by one, and the revenue added. */
const bumper = (stat: DailyStat) =>
  compiledOnce(3, (db, promptId: string, day: string, revenueMinor: number) =>
    db
      .insertInto('prompt_daily_stats')
      .values({ prompt_id: promptId, day, [stat]: 1, revenue_minor: revenueMinor })
      .onConflict((oc) =>
        oc.columns(['prompt_id', 'day']).doUpdateSet((eb) => ({
          [stat]: eb(`prompt_daily_stats.${stat}`, '+', 1),
          revenue_minor: eb('prompt_daily_stats.revenue_minor', '+', revenueMinor),
        })),
      ),
  );
const bumpers: Record<DailyStat, ReturnType<typeof bumper>> = {
  views: bumper('views'),
  likes: bumper('likes'),
  downloads: bumper('downloads'),
  tries: bumper('tries'),
  purchases: bumper('purchases'),
};

/**
 * Adds to today's figures of a prompt (the creator's analytics read these daily rows). Called in the
 * same transaction as the event it counts; compiled once (a like runs it).
 */
export async function bumpDailyStat(
  db: Kysely<DB>,
  promptId: string,
  stat: DailyStat,
  revenueMinor = 0,
): Promise<void> {
  await bumpers[stat](db, promptId, todayUtc(), revenueMinor);
}

/** Takes a refunded sale's revenue off today's figures of a prompt (the sale's day keeps its count). */
export async function deductDailyRevenue(
  db: Kysely<DB>,
  promptId: string,
  revenueMinor: number,
): Promise<void> {
  const day = todayUtc();
  await db
    .insertInto('prompt_daily_stats')
    .values({ prompt_id: promptId, day, revenue_minor: -revenueMinor })
    .onConflict((oc) =>
      oc.columns(['prompt_id', 'day']).doUpdateSet((eb) => ({
        revenue_minor: eb('prompt_daily_stats.revenue_minor', '-', revenueMinor),
      })),
    )
    .execute();
}
