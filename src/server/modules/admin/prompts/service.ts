import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ADMIN_PROMPT_MESSAGES,
  type AdminPrompt,
  type AdminPromptForm,
  type AdminPromptList,
  type AdminPromptStatusSchema,
  type AdminPromptsQuerySchema,
  type AdminPromptUpdate,
  isPremium,
} from '../../../../shared/admin-prompts';
import type { Category, PromptStatus, PromptType } from '../../../../shared/constants';
import type { Engine } from '../../../db/database';
import { planCatalogueSearch, searchCondition } from '../../marketplace/list';
import type { DB, PromptRow } from '../../../db/types';
import { recordActivity } from '../../../lib/activity';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import { toMinorExact } from '../../../../shared/pricing';
import { assertPromptPrice, fromMinor, storedMinor } from '../../../lib/money';
import { parseTags, roundRating } from '../../../lib/prompt-fields';
import { newId, nowIso } from '../../../lib/time';
import {
  RECHECK_QUEUE,
  applyPromptEdit,
  insertNewPrompt,
  removePrompt,
  writePromptColumns,
} from '../../creator/service';
import type { EditOptions } from '../../creator/versions';
import { assertMayPublish } from '../../creator/remix';
import { licenceInfo } from '../../../../shared/licences';
import * as repo from './repository';

/** Who is acting, for the audit log. */
export interface AdminActor {
  userId: string;
  ip: string | null;
}

function toAdminPrompt(row: repo.AdminPromptRow): AdminPrompt {
  const revenueMinor = storedMinor(row.earned_minor ?? 0);
  return {
    id: row.id,
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    content: row.content,
    category: row.category as Category,
    tags: parseTags(row.tags),
    type: row.type as PromptType,
    isPaid: row.type === 'premium',
    price: fromMinor(row.price_minor),
    priceMinor: storedMinor(row.price_minor),
    currency: row.currency,
    status: row.status as PromptStatus,
    moderationNote: row.moderation_note,
    licence: licenceInfo(row.licence).id,
    nearDuplicate:
      row.duplicate_of && row.duplicate_title && row.duplicate_slug
        ? {
            id: row.duplicate_of,
            slug: row.duplicate_slug,
            title: row.duplicate_title,
            similarity: Number(row.duplicate_similarity ?? 0),
          }
        : null,
    remixOf: row.remix_of,
    featured: row.featured === 1,
    trending: row.trending === 1,
    trendingPinned: row.trending_pinned === null ? null : row.trending_pinned === 1,
    metadata: { featured: row.featured === 1, trending: row.trending === 1 },
    likes: row.likes_count,
    views: row.views_count,
    author: { id: row.author_id, name: row.author_name, email: row.author_email },
    analytics: {
      rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
      downloads: row.downloads_count,
      views: row.views_count,
      likes: row.likes_count,
      tries: row.tries_count,
      buyers: Number(row.buyers ?? 0),
      revenue: fromMinor(revenueMinor),
      revenueMinor,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

/** What the audit log keeps of a prompt: the fields an admin can change. */
const snapshot = (row: PromptRow) => ({
  title: row.title,
  description: row.description,
  category: row.category,
  type: row.type,
  priceMinor: row.price_minor,
  status: row.status,
  moderationNote: row.moderation_note,
  featured: row.featured === 1,
  trending: row.trending === 1,
  trendingPinned: row.trending_pinned,
});

async function load(db: Kysely<DB>, id: string): Promise<repo.AdminPromptRow> {
  const row = await repo.findPrompt(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', ADMIN_PROMPT_MESSAGES.notFound);
  return row;
}

async function present(db: Kysely<DB>, id: string): Promise<AdminPrompt> {
  return toAdminPrompt(await load(db, id));
}

export async function listAdminPrompts(
  db: Kysely<DB>,
  engine: Engine,
  query: z.output<typeof AdminPromptsQuerySchema>,
): Promise<AdminPromptList> {
  const search = query.search?.trim();
  const plan = search ? await planCatalogueSearch({ db, engine }, search) : null;
  const matches = plan ? searchCondition(engine, plan, 'p') : undefined;
  const [{ rows, total }, stats] = await Promise.all([
    repo.listPrompts(db, { ...query, search, matches }),
    repo.catalogueStats(db),
  ]);
  return {
    prompts: rows.map(toAdminPrompt),
    total,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    stats,
    ...(plan ? { search: { highlight: plan.highlight, suggestion: plan.suggestion } } : {}),
  };
}

/** POST /api/admin/prompts: the admin is the author; a missing status means published. */
export async function createAdminPrompt(
  db: Kysely<DB>,
  actor: AdminActor,
  input: AdminPromptForm,
): Promise<AdminPrompt> {
  const now = nowIso();
  const id = newId();
  const premium = isPremium(input);
  const status = input.status ?? 'published';
  const priceMinor = premium ? toMinorExact(input.price ?? Number.NaN) : 0;
  assertPromptPrice({ type: premium ? 'premium' : 'free', price_minor: priceMinor });
  await db.transaction().execute(async (trx) => {
    const admin = await repo.findActor(trx, actor.userId);
    await insertNewPrompt(trx, {
      id,
      author_id: actor.userId,
      title: input.title,
      description: input.description,
      content: input.content,
      category: input.category,
      tags: JSON.stringify(input.tags ?? []),
      type: premium ? 'premium' : 'free',
      price_minor: priceMinor,
      status,
      featured: input.featured ? 1 : 0,
      trending: input.trending ? 1 : 0,
      // An explicit trending choice is a pin, so the periodic refresh keeps it.
      trending_pinned: input.trending === undefined ? null : input.trending ? 1 : 0,
      created_at: now,
      updated_at: now,
      published_at: status === 'published' ? now : null,
    });
    if (status === 'published') {
      await recordActivity(trx, { type: 'prompt.published', actorId: actor.userId, promptId: id });
    }
    await recordAudit(trx, {
      actor: admin,
      action: 'prompt.create',
      targetType: 'prompt',
      targetId: id,
      after: { title: input.title, status, type: premium ? 'premium' : 'free', category: input.category },
      ip: actor.ip,
    });
  });
  return present(db, id);
}

function statusChanges(row: PromptRow, status: PromptStatus, now: string): Partial<PromptRow> {
  if (status === row.status) return {};
  return {
    status,
    published_at: status === 'published' ? (row.published_at ?? now) : row.published_at,
  };
}

/**
 * PUT /api/admin/prompts/:id: the spec's edit (status, featured, trending) or the whole form. A content
 * change to a published prompt keeps its previous version, as the creator's edit does.
 */
export async function updateAdminPrompt(
  db: Kysely<DB>,
  actor: AdminActor,
  id: string,
  input: AdminPromptUpdate,
  /** Where the update e-mails of a new version go (decision 055), and the near-duplicate re-check's runner. */
  options: Pick<EditOptions, 'mailer' | 'publicUrl' | 'jobs'>,
): Promise<AdminPrompt> {
  const row = await load(db, id);
  const now = nowIso();
  const changes: Partial<PromptRow> = {};
  if (input.status !== undefined) Object.assign(changes, statusChanges(row, input.status, now));
  if (input.featured !== undefined) changes.featured = input.featured ? 1 : 0;
  if (input.trending !== undefined) {
    changes.trending = input.trending ? 1 : 0;
    changes.trending_pinned = input.trending ? 1 : 0;
  }
  const fullForm = input.title !== undefined;
  if (fullForm) {
    changes.title = input.title;
    changes.description = input.description;
    changes.content = input.content;
    changes.category = input.category;
    if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
    // Neither type nor isPaid: the prompt keeps its type (and price).
    const typeGiven = input.type !== undefined || input.isPaid !== undefined;
    const premium = typeGiven ? isPremium(input) : row.type === 'premium';
    changes.type = premium ? 'premium' : 'free';
    if (!premium) changes.price_minor = 0;
    else if (input.price !== undefined) changes.price_minor = toMinorExact(input.price);
  }
  assertMayPublish({ ...row, ...changes });
  await db.transaction().execute(async (trx) => {
    const admin = await repo.findActor(trx, actor.userId);
    await applyPromptEdit(trx, row, changes, now, options);
    if (changes.status !== undefined) {
      await recordActivity(trx, {
        type: 'prompt.moderated',
        actorId: actor.userId,
        promptId: row.id,
        subjectId: row.author_id,
        data: { from: row.status, to: changes.status },
      });
      if (changes.status === 'published') {
        await recordActivity(trx, { type: 'prompt.published', actorId: actor.userId, promptId: row.id });
      }
    }
    const after = { ...row, ...changes };
    await recordAudit(trx, {
      actor: admin,
      action: 'prompt.update',
      targetType: 'prompt',
      targetId: row.id,
      before: snapshot(row),
      after: snapshot(after),
      ip: actor.ip,
    });
  });
  options.mailer?.wake();
  options.jobs.notify(RECHECK_QUEUE);
  return present(db, row.id);
}

/** PUT /api/admin/prompts/:id/status: moderation with a note the creator sees in their studio. */
export async function setAdminPromptStatus(
  db: Kysely<DB>,
  actor: AdminActor,
  id: string,
  input: z.output<typeof AdminPromptStatusSchema>,
): Promise<AdminPrompt> {
  const row = await load(db, id);
  const now = nowIso();
  const changes: Partial<PromptRow> = {
    ...statusChanges(row, input.status, now),
    moderation_note: input.notes ? input.notes : null,
    updated_at: now,
  };
  assertMayPublish({ ...row, ...changes });
  await db.transaction().execute(async (trx) => {
    const admin = await repo.findActor(trx, actor.userId);
    await writePromptColumns(trx, row.id, changes);
    await recordActivity(trx, {
      type: 'prompt.moderated',
      actorId: actor.userId,
      promptId: row.id,
      subjectId: row.author_id,
      data: { from: row.status, to: input.status, notes: input.notes ?? null },
    });
    if (input.status === 'published' && row.status !== 'published') {
      await recordActivity(trx, { type: 'prompt.published', actorId: actor.userId, promptId: row.id });
    }
    await recordAudit(trx, {
      actor: admin,
      action: 'prompt.status',
      targetType: 'prompt',
      targetId: row.id,
      before: snapshot(row),
      after: snapshot({ ...row, ...changes }),
      ip: actor.ip,
    });
  });
  return present(db, row.id);
}

/** DELETE /api/admin/prompts/:id: a prompt with buyers is archived instead, so they keep access. */
export async function deleteAdminPrompt(db: Kysely<DB>, actor: AdminActor, id: string) {
  const row = await load(db, id);
  const archive = Number(row.buyers ?? 0) > 0;
  await db.transaction().execute(async (trx) => {
    const admin = await repo.findActor(trx, actor.userId);
    if (archive) await writePromptColumns(trx, row.id, { status: 'archived', updated_at: nowIso() });
    else await removePrompt(trx, row.id);
    await recordAudit(trx, {
      actor: admin,
      action: archive ? 'prompt.archive' : 'prompt.delete',
      targetType: 'prompt',
      targetId: row.id,
      before: snapshot(row),
      after: archive ? snapshot({ ...row, status: 'archived' }) : undefined,
      ip: actor.ip,
    });
  });
  return { deleted: !archive, archived: archive };
}
