import type { Kysely } from 'kysely';
import {
  type ActivityEntry,
  type AdminDashboard,
  DASHBOARD_PERIOD_DAYS,
  DASHBOARD_SERIES_DAYS,
  type TopPrompt,
} from '../../../../shared/admin-dashboard';
import type { DB } from '../../../db/types';
import { formatMoney, fromMinor } from '../../../lib/money';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const TOP = 5;

/** This period against the one before it, in percent with one decimal; null with nothing before. */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Part of a whole in percent with one decimal (0 for an empty whole). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toTopPrompt(r: Awaited<ReturnType<typeof repo.topPrompts>>[number]): TopPrompt {
  return {
    id: r.id,
    title: r.title,
    authorName: r.author_name,
    category: r.category,
    type: r.type,
    views: Number(r.views_count),
    downloads: Number(r.downloads_count),
    revenue: fromMinor(Number(r.revenue_minor)),
    revenueMinor: Number(r.revenue_minor),
  };
}

/** The stats object of spec section 3 and the tabs' series and tables, from the database. */
export async function adminDashboard(
  db: Kysely<DB>,
  currency: string,
  now = new Date(),
): Promise<AdminDashboard> {
  const nowMs = now.getTime();
  const nowIso = iso(nowMs);
  const periodStart = iso(nowMs - DASHBOARD_PERIOD_DAYS * DAY_MS);
  const previousStart = iso(nowMs - 2 * DASHBOARD_PERIOD_DAYS * DAY_MS);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const seriesStart = today - (DASHBOARD_SERIES_DAYS - 1) * DAY_MS;

  const [
    totalUsers,
    newUsers,
    previousUsers,
    premium,
    prompts,
    totalRevenue,
    currentRevenue,
    previousRevenue,
    signups,
    publications,
    revenue,
    byViews,
    byRevenue,
    creators,
    subscriptions,
    plans,
  ] = await Promise.all([
    repo.countUsers(db),
    repo.countUsers(db, { from: periodStart }),
    repo.countUsers(db, { from: previousStart, to: periodStart }),
    repo.countPremiumUsers(db, nowIso),
    repo.promptCounts(db, periodStart),
    repo.revenueMinor(db),
    repo.revenueMinor(db, { from: periodStart, to: nowIso }),
    repo.revenueMinor(db, { from: previousStart, to: periodStart }),
    repo.signupsByDay(db, iso(seriesStart)),
    repo.publicationsByDay(db, iso(seriesStart)),
    repo.revenueByDay(db, iso(seriesStart)),
    repo.topPrompts(db, 'views', TOP),
    repo.topPrompts(db, 'revenue', TOP),
    repo.topCreators(db, TOP),
    repo.currentSubscriptionsByPlan(db, nowIso),
    repo.listPlans(db),
  ]);

  const toMap = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const signupsByDay = toMap(signups);
  const publicationsByDay = toMap(publications);
  const revenueByDay = toMap(revenue);
  const series = Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, i) => {
    const date = iso(seriesStart + i * DAY_MS).slice(0, 10);
    const revenueMinor = revenueByDay.get(date) ?? 0;
    return {
      date,
      signups: signupsByDay.get(date) ?? 0,
      publications: publicationsByDay.get(date) ?? 0,
      revenue: fromMinor(revenueMinor),
      revenueMinor,
    };
  });

  // Each user on the plan of their newest current subscription; everyone else on the free plan.
  const planOf = new Map<string, string>();
  for (const s of subscriptions) if (!planOf.has(s.user_id)) planOf.set(s.user_id, s.plan_id);
  const perPlan = new Map<string, number>();
  for (const planId of planOf.values()) perPlan.set(planId, (perPlan.get(planId) ?? 0) + 1);
  const freePlan = plans.find((p) => p.price_monthly_minor === 0);
  const paidSubscribers = [...perPlan]
    .filter(([id]) => id !== freePlan?.id)
    .reduce((sum, [, n]) => sum + n, 0);
  const planShares = [
    { planId: freePlan?.id ?? null, name: freePlan?.name ?? 'Free', users: totalUsers - paidSubscribers },
    ...plans
      .filter((p) => p.id !== freePlan?.id && (perPlan.get(p.id) ?? 0) > 0)
      .map((p) => ({ planId: p.id, name: p.name, users: perPlan.get(p.id) ?? 0 })),
  ];

  return {
    stats: {
      users: { total: totalUsers, new: newUsers, premium, growth: growth(newUsers, previousUsers) },
      prompts: {
        total: prompts.total,
        published: prompts.published,
        pending: prompts.drafts,
        new: prompts.recent,
      },
      revenue: {
        total: fromMinor(totalRevenue),
        totalMinor: totalRevenue,
        current: fromMinor(currentRevenue),
        currentMinor: currentRevenue,
        previous: fromMinor(previousRevenue),
        previousMinor: previousRevenue,
        growth: growth(currentRevenue, previousRevenue),
        currency,
      },
      analytics: { totalViews: prompts.views, totalDownloads: prompts.downloads },
      conversionRate: percentOf(premium, totalUsers),
    },
    series,
    topPromptsByViews: byViews.map(toTopPrompt),
    topPromptsByRevenue: byRevenue.map(toTopPrompt),
    topCreators: creators.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      prompts: c.prompts,
      sales: c.sales,
      earnings: fromMinor(c.earnedMinor),
      earningsMinor: c.earnedMinor,
    })),
    plans: planShares,
    generatedAt: nowIso,
  };
}

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function money(minor: unknown, currency: unknown): string | null {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return null;
  return formatMoney(minor, str(currency) ?? 'USD');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type EventRow = Awaited<ReturnType<typeof repo.recentEvents>>[number];
type ModerationRow = Awaited<ReturnType<typeof repo.recentModeration>>[number];

function fromEvent(e: EventRow): ActivityEntry {
  const data = parseJson(e.data);
  const who = e.actor_name ?? str(data.name) ?? 'A user';
  const title = e.prompt_title ?? str(data.title) ?? 'a prompt';
  const base = { id: `event:${e.id}`, timestamp: e.created_at };
  switch (e.type) {
    case 'user.registered':
      return {
        ...base,
        icon: 'user-plus',
        title: 'New user registered',
        description: `${who} joined Promptforge`,
      };
    case 'prompt.published':
      return { ...base, icon: 'file-text', title: 'Prompt published', description: `"${title}" by ${who}` };
    case 'payment.succeeded':
    case 'payment.refunded': {
      const amount = money(data.amountMinor, data.currency);
      const what =
        data.kind === 'prompt'
          ? `"${title}"`
          : str(data.plan)
            ? `the ${capitalise(str(data.plan)!)} plan`
            : null;
      const refunded = e.type === 'payment.refunded';
      const parts = [who, refunded ? 'was refunded' : 'paid', amount, what ? `for ${what}` : null];
      return {
        ...base,
        icon: 'credit-card',
        title: refunded ? 'Payment refunded' : 'Payment received',
        description: parts.filter(Boolean).join(' '),
      };
    }
    case 'subscription.started':
      return {
        ...base,
        icon: 'credit-card',
        title: 'Subscription started',
        description: str(data.plan)
          ? `${who} subscribed to ${capitalise(str(data.plan)!)}`
          : `${who} subscribed`,
      };
    default:
      return {
        ...base,
        icon: 'other',
        title: 'Prompt moderated',
        description: str(data.status) ? `"${title}" set to ${str(data.status)}` : `"${title}" was moderated`,
      };
  }
}

const ACTION_TITLES: Record<string, string> = {
  'user.status': 'Account status changed',
  'user.create': 'User added by an admin',
  'prompt.status': 'Prompt status changed',
  'prompt.update': 'Prompt edited by an admin',
  'prompt.create': 'Prompt added by an admin',
  'prompt.delete': 'Prompt deleted by an admin',
  'prompt.featured': 'Featured badge changed',
  'prompt.trending': 'Trending badge changed',
};

function fromAudit(a: ModerationRow): ActivityEntry {
  const after = parseJson(a.after);
  const target = a.user_name ?? a.prompt_title ?? str(after.name) ?? str(after.title) ?? a.target_type;
  const status = str(after.status);
  return {
    id: `audit:${a.id}`,
    icon: 'other',
    title: ACTION_TITLES[a.action] ?? `Admin action: ${a.action}`,
    description: `${a.actor_email}: ${target}${status ? ` is now ${status}` : ''}`,
    timestamp: a.created_at,
  };
}

/** The newest sign-ups, publications, payments and moderation actions, newest first. */
export async function recentActivity(db: Kysely<DB>, limit: number): Promise<ActivityEntry[]> {
  const [events, moderation] = await Promise.all([
    repo.recentEvents(db, limit),
    repo.recentModeration(db, limit),
  ]);
  return [...events.map(fromEvent), ...moderation.map(fromAudit)]
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, limit);
}
