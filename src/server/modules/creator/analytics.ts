import type { PromptStatus } from '../../../shared/constants';
import type { Analytics, AnalyticsPeriod, Dashboard } from '../../../shared/creator';
import { fromMinor } from '../../lib/money';
import type { AuthContext } from '../../plugins/app/auth';
import * as repo from './repository';
import type { CreatorDeps } from './service';

/** The creator's figures: the dashboard's header and Overview, and Analytics by day and prompt. */

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Views this period against the one before it, in percent with one decimal; null with nothing before. */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

function window(period: AnalyticsPeriod, now: Date) {
  const days = PERIOD_DAYS[period];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    days,
    from: dayOf(today - (days - 1) * DAY_MS),
    to: dayOf(today),
    prevFrom: dayOf(today - (2 * days - 1) * DAY_MS),
    prevTo: dayOf(today - days * DAY_MS),
    start: today - (days - 1) * DAY_MS,
  };
}

export async function creatorAnalytics(
  { db }: Pick<CreatorDeps, 'db'>,
  auth: AuthContext,
  period: AnalyticsPeriod,
  now = new Date(),
): Promise<Analytics> {
  const w = window(period, now);
  const [stats, previousViews, prompts, totals] = await Promise.all([
    repo.dailyStats(db, auth.userId, w.from, w.to),
    repo.viewsBetween(db, auth.userId, w.prevFrom, w.prevTo),
    repo.promptTitles(db, auth.userId),
    repo.creatorTotals(db, auth.userId),
  ]);
  const blank = () => ({ views: 0, likes: 0, downloads: 0, tries: 0, purchases: 0, revenueMinor: 0 });
  const byDay = new Map<string, ReturnType<typeof blank>>();
  const byPrompt = new Map<string, ReturnType<typeof blank>>();
  const sum = blank();
  for (const s of stats) {
    for (const target of [
      byDay.get(s.day) ?? byDay.set(s.day, blank()).get(s.day)!,
      byPrompt.get(s.prompt_id) ?? byPrompt.set(s.prompt_id, blank()).get(s.prompt_id)!,
      sum,
    ]) {
      target.views += s.views;
      target.likes += s.likes;
      target.downloads += s.downloads;
      target.tries += s.tries;
      target.purchases += s.purchases;
      target.revenueMinor += s.revenue_minor;
    }
  }
  const figures = (f: ReturnType<typeof blank>) => ({
    views: f.views,
    likes: f.likes,
    downloads: f.downloads,
    tries: f.tries,
    purchases: f.purchases,
    revenue: fromMinor(f.revenueMinor),
  });
  const series = Array.from({ length: w.days }, (_, i) => {
    const date = dayOf(w.start + i * DAY_MS);
    return { date, ...figures(byDay.get(date) ?? blank()) };
  });
  return {
    period,
    from: w.from,
    to: w.to,
    totals: figures(sum),
    totalViews: sum.views,
    totalLikes: sum.likes,
    totalRevenue: fromMinor(sum.revenueMinor),
    growthRate: growth(sum.views, previousViews),
    publishedPrompts: totals.published,
    series,
    prompts: prompts
      .map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status as PromptStatus,
        ...figures(byPrompt.get(p.id) ?? blank()),
      }))
      .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title)),
  };
}

/** The dashboard's header and Overview figures. */
export async function creatorDashboard(
  { db }: Pick<CreatorDeps, 'db'>,
  auth: AuthContext,
  usage: { current: number; limit: number; unlimited: boolean; plan: string },
  now = new Date(),
): Promise<Dashboard> {
  const w = window('30d', now);
  const [totals, current, previous, tries] = await Promise.all([
    repo.creatorTotals(db, auth.userId),
    repo.viewsBetween(db, auth.userId, w.from, w.to),
    repo.viewsBetween(db, auth.userId, w.prevFrom, w.prevTo),
    repo.recentTries(db, auth.userId, 10),
  ]);
  return {
    plan: usage.plan,
    sessions: { current: usage.current, limit: usage.limit, unlimited: usage.unlimited },
    overview: {
      totalViews: totals.views,
      viewsGrowth: growth(current, previous),
      totalLikes: totals.likes,
      revenue: fromMinor(totals.revenueMinor),
      publishedPrompts: totals.published,
    },
    recentActivity: tries.map((t) => ({
      id: t.id,
      title: t.title,
      usedAt: String(t.used_at),
      views: t.views_count,
      likes: t.likes_count,
    })),
  };
}
