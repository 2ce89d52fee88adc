import type { Insertable, Kysely } from 'kysely';
import type { DB, PromptDailyStatsTable } from '../types';
import { Rng } from './prng';
import { DAY_MS, insertRows } from './seed-utils';

/*
 * The demo prompts come with lifetime counters (views, likes, downloads, tries); a creator's
 * analytics read daily rows. This spreads each published prompt's counters over the days since it
 * was published, a little heavier towards recent days, deterministically; purchases go on the day
 * they happened, with the creator's share as revenue.
 */

function spread(total: number, days: number, rng: Rng): number[] {
  const weights = Array.from({ length: days }, (_, i) => (0.6 + rng.next()) * (1 + i / Math.max(1, days)));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.floor((w / sum) * total));
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let i = out.length - 1; left > 0; i = (i - 1 + out.length) % out.length, left--) out[i]! += 1;
  return out;
}

export async function seedDemoDailyStats(db: Kysely<DB>, now: number): Promise<number> {
  const prompts = await db
    .selectFrom('prompts')
    .select(['id', 'published_at', 'views_count', 'likes_count', 'downloads_count', 'tries_count'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  const purchases = await db
    .selectFrom('purchases')
    .select(['prompt_id', 'created_at', 'creator_share_minor'])
    .execute();
  const rows = new Map<
    string,
    Insertable<PromptDailyStatsTable> & { purchases: number; revenue_minor: number }
  >();
  const row = (promptId: string, day: string) => {
    const key = `${promptId}|${day}`;
    let r = rows.get(key);
    if (!r) {
      r = {
        prompt_id: promptId,
        day,
        views: 0,
        likes: 0,
        downloads: 0,
        tries: 0,
        purchases: 0,
        revenue_minor: 0,
      };
      rows.set(key, r);
    }
    return r;
  };
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const rng = new Rng(20_261_121);
  for (const p of prompts) {
    const published = p.published_at ? Date.parse(p.published_at) : now;
    const days = Math.max(1, Math.min(365, Math.floor((today - published) / DAY_MS) + 1));
    const series = {
      views: spread(p.views_count, days, rng),
      likes: spread(p.likes_count, days, rng),
      downloads: spread(p.downloads_count, days, rng),
      tries: spread(p.tries_count, days, rng),
    };
    for (let i = 0; i < days; i++) {
      const day = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      const views = series.views[i]!;
      const likes = series.likes[i]!;
      const downloads = series.downloads[i]!;
      const tries = series.tries[i]!;
      if (views + likes + downloads + tries === 0) continue;
      Object.assign(row(p.id, day), { views, likes, downloads, tries });
    }
  }
  for (const purchase of purchases) {
    const r = row(purchase.prompt_id, purchase.created_at.slice(0, 10));
    r.purchases += 1;
    r.revenue_minor += purchase.creator_share_minor;
  }
  await insertRows(db, 'prompt_daily_stats', [...rows.values()]);
  return rows.size;
}
