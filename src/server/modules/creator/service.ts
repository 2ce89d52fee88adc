import type { Kysely } from 'kysely';
import type { Category, PromptStatus } from '../../../shared/constants';
import type {
  Analytics,
  AnalyticsPeriod,
  CreatePromptSchema,
  CreatorPrompt,
  Dashboard,
  UpdatePromptSchema,
} from '../../../shared/creator';
import type { DB, PromptRow } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { toMinorExact } from '../../../shared/pricing';
import { assertPromptPrice, fromMinor } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import * as repo from './repository';
import type { z } from 'zod';

type CreateInput = z.output<typeof CreatePromptSchema>;
type UpdateInput = z.output<typeof UpdatePromptSchema>;

export const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';
const STATUS_LABELS: Record<PromptStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  archived: 'Archived',
  rejected: 'Rejected',
};

function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'prompt'
  );
}

/** A URL slug from the title, numbered when taken. */
export async function uniqueSlug(db: Kysely<DB>, title: string): Promise<string> {
  const base = slugify(title);
  if (!(await repo.slugTaken(db, base))) return base;
  for (let i = 2; i < 50; i++) if (!(await repo.slugTaken(db, `${base}-${i}`))) return `${base}-${i}`;
  return `${base}-${newId().slice(0, 8)}`;
}

const parseTags = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

function toCreatorPrompt(
  row: PromptRow,
  extra: { buyers: number; versions: number; earnedMinor: number },
): CreatorPrompt {
  const status = row.status as PromptStatus;
  return {
    id: row.id,
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    content: row.content,
    category: row.category as Category,
    tags: parseTags(row.tags),
    isPaid: row.type === 'premium',
    price: fromMinor(row.price_minor),
    status,
    statusLabel: STATUS_LABELS[status] ?? status,
    moderationNote: row.moderation_note,
    views: row.views_count,
    likes: row.likes_count,
    downloads: row.downloads_count,
    tries: row.tries_count,
    rating: { average: Math.round(Number(row.rating_avg) * 10) / 10, count: row.rating_count },
    revenue: fromMinor(extra.earnedMinor),
    buyers: extra.buyers,
    versions: extra.versions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

async function ownPrompt(db: Kysely<DB>, id: string, auth: AuthContext) {
  const row = await repo.findOwnPrompt(db, id, auth.userId);
  // Another creator's prompt is answered exactly like one that does not exist.
  if (!row) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return row;
}

async function present(db: Kysely<DB>, id: string): Promise<CreatorPrompt> {
  const row = await db.selectFrom('prompts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const [buyers, versions, earnedMinor] = await Promise.all([
    repo.countBuyers(db, id),
    repo.listVersions(db, id),
    repo.earnedMinor(db, id),
  ]);
  return toCreatorPrompt(row, { buyers, versions: versions.length, earnedMinor });
}

export async function listCreatorPrompts(
  db: Kysely<DB>,
  auth: AuthContext,
  query: { page: number; limit: number; status?: PromptStatus },
) {
  const { rows, total } = await repo.listOwnPrompts(db, auth.userId, query);
  return {
    prompts: rows.map((r) =>
      toCreatorPrompt(r, {
        buyers: Number(r.buyers ?? 0),
        versions: Number(r.versions ?? 0),
        earnedMinor: Number(r.earned_minor ?? 0),
      }),
    ),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** Called once a prompt goes live (to alert the admins); it must not throw. */
export type OnPublished = (prompt: CreatorPrompt) => Promise<unknown>;

export async function createPrompt(
  db: Kysely<DB>,
  auth: AuthContext,
  input: CreateInput,
  onPublished?: OnPublished,
): Promise<CreatorPrompt> {
  const now = nowIso();
  const id = newId();
  const publish = input.status === 'published';
  const type = input.isPaid ? 'premium' : 'free';
  const priceMinor = input.isPaid ? toMinorExact(input.price ?? Number.NaN) : 0;
  assertPromptPrice({ type, price_minor: priceMinor });
  await db.transaction().execute(async (trx) => {
    await repo.insertPrompt(trx, {
      id,
      slug: await uniqueSlug(trx, input.title),
      author_id: auth.userId,
      title: input.title,
      description: input.description,
      content: input.content,
      category: input.category,
      tags: JSON.stringify(input.tags),
      type,
      price_minor: priceMinor,
      status: publish ? 'published' : 'draft',
      created_at: now,
      updated_at: now,
      published_at: publish ? now : null,
    });
    if (publish) await recordActivity(trx, { type: 'prompt.published', actorId: auth.userId, promptId: id });
  });
  const prompt = await present(db, id);
  if (publish) await onPublished?.(prompt);
  return prompt;
}

/**
 * Edits a prompt. A published prompt keeps its previous title, description, text and price as a
 * version before the change; buyers always read the newest.
 */
export async function updatePrompt(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  input: UpdateInput,
): Promise<CreatorPrompt> {
  const row = await ownPrompt(db, id, auth);
  const changes: Partial<PromptRow> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.content !== undefined) changes.content = input.content;
  if (input.category !== undefined) changes.category = input.category;
  if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
  if (input.isPaid !== undefined) changes.type = input.isPaid ? 'premium' : 'free';
  const paid = input.isPaid ?? row.type === 'premium';
  // A free prompt has no price (one sent with it is ignored); a paid one keeps its price unless given.
  if (!paid) changes.price_minor = 0;
  else if (input.price !== undefined) changes.price_minor = toMinorExact(input.price);
  const now = nowIso();
  await db.transaction().execute((trx) => applyPromptEdit(trx, row, changes, now));
  return present(db, row.id);
}

/**
 * Writes an edit of a prompt; when a published prompt's text or price changes, the version buyers
 * had is kept first. Runs inside the caller's transaction (the creator's edit and the admin's).
 */
export async function applyPromptEdit(
  trx: Kysely<DB>,
  row: PromptRow,
  changes: Partial<PromptRow>,
  now: string,
): Promise<void> {
  // The rule is checked on the prompt this edit produces, not on the request (issue 51).
  assertPromptPrice({ ...row, ...changes });
  const versioned = (['title', 'description', 'content', 'price_minor'] as const).some(
    (k) => changes[k] !== undefined && changes[k] !== row[k],
  );
  if (row.status === 'published' && versioned) {
    await repo.insertVersion(trx, {
      id: newId(),
      promptId: row.id,
      version: await repo.nextVersion(trx, row.id),
      title: row.title,
      description: row.description,
      content: row.content,
      priceMinor: row.price_minor,
      createdAt: now,
    });
  }
  await repo.updatePrompt(trx, row.id, { ...changes, updated_at: now });
}

export async function setPublished(
  db: Kysely<DB>,
  auth: AuthContext,
  id: string,
  publish: boolean,
  onPublished?: OnPublished,
): Promise<CreatorPrompt> {
  const row = await ownPrompt(db, id, auth);
  const now = nowIso();
  let wentLive = false;
  if (publish) {
    if (row.status === 'archived') {
      throw new AppError('VALIDATION_ERROR', 'This prompt is archived and cannot be published again.');
    }
    if (row.status !== 'published') {
      await db.transaction().execute(async (trx) => {
        await repo.updatePrompt(trx, row.id, {
          status: 'published',
          moderation_note: null,
          published_at: row.published_at ?? now,
          updated_at: now,
        });
        await recordActivity(trx, { type: 'prompt.published', actorId: auth.userId, promptId: row.id });
      });
      wentLive = true;
    }
  } else if (row.status === 'published') {
    await repo.updatePrompt(db, row.id, { status: 'draft', updated_at: now });
  }
  const prompt = await present(db, row.id);
  if (wentLive) await onPublished?.(prompt);
  return prompt;
}

/** Deletes a prompt; one that has buyers is archived instead, so they keep what they paid for. */
export async function deletePrompt(db: Kysely<DB>, auth: AuthContext, id: string) {
  const row = await ownPrompt(db, id, auth);
  if ((await repo.countBuyers(db, row.id)) > 0) {
    await repo.updatePrompt(db, row.id, { status: 'archived', updated_at: nowIso() });
    return { deleted: false, archived: true };
  }
  await repo.deletePrompt(db, row.id);
  return { deleted: true, archived: false };
}

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
  db: Kysely<DB>,
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
  db: Kysely<DB>,
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
