import type { Kysely } from 'kysely';
import type { Category, PromptStatus } from '../../../shared/constants';
import type { CreatePromptSchema, CreatorPrompt, UpdatePromptSchema } from '../../../shared/creator';
import type { DB, NewPrompt, PromptRow } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import { toMinorExact } from '../../../shared/pricing';
import { assertPromptPrice, fromMinor } from '../../lib/money';
import { parseTags, roundRating } from '../../lib/prompt-fields';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { managesTeam, membershipOf } from '../teams/service';
import * as repo from './repository';
import type { z } from 'zod';

/** The creator studio: a creator's prompts written, published, listed and deleted. */

type CreateInput = z.output<typeof CreatePromptSchema>;
type UpdateInput = z.output<typeof UpdatePromptSchema>;

/** Called once a prompt goes live (to alert the admins, alerts.ts); it must not throw. */
export type OnPublished = (prompt: CreatorPrompt) => Promise<unknown>;

export interface CreatorDeps {
  db: Kysely<DB>;
  onPublished?: OnPublished;
}

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
async function uniqueSlug(db: Kysely<DB>, title: string): Promise<string> {
  const base = slugify(title);
  if (!(await repo.slugTaken(db, base))) return base;
  for (let i = 2; i < 50; i++) if (!(await repo.slugTaken(db, `${base}-${i}`))) return `${base}-${i}`;
  return `${base}-${newId().slice(0, 8)}`;
}

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
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
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

/** A prompt the caller may edit: their own, or a team prompt of a team they own or administer. */
async function editablePrompt(db: Kysely<DB>, id: string, auth: AuthContext) {
  const own = await repo.findOwnPrompt(db, id, auth.userId);
  if (own) return own;
  const row = await repo.findPromptByIdOrSlug(db, id);
  if (row?.team_id && (await managesTeam(db, row.team_id, auth.userId))) return row;
  throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
}

async function present(db: Kysely<DB>, id: string): Promise<CreatorPrompt> {
  const row = await repo.findPrompt(db, id);
  const [buyers, versions, earnedMinor] = await Promise.all([
    repo.countBuyers(db, id),
    repo.listVersions(db, id),
    repo.earnedMinor(db, id),
  ]);
  return toCreatorPrompt(row, { buyers, versions: versions.length, earnedMinor });
}

export async function listCreatorPrompts(
  { db }: CreatorDeps,
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

export async function createPrompt(
  { db, onPublished }: CreatorDeps,
  auth: AuthContext,
  input: CreateInput,
): Promise<CreatorPrompt> {
  const now = nowIso();
  const id = newId();
  // A team prompt is the team's alone: never published (migration 0033's CHECK holds it too).
  const teamId = input.shareWithTeam ? (await membershipOf(db, auth.userId))?.team_id : null;
  if (input.shareWithTeam && !teamId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.noTeam);
  if (teamId && input.status === 'published') {
    throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.promptNotPublishable);
  }
  const publish = input.status === 'published';
  const type = input.isPaid ? 'premium' : 'free';
  const priceMinor = input.isPaid ? toMinorExact(input.price ?? Number.NaN) : 0;
  assertPromptPrice({ type, price_minor: priceMinor });
  await db.transaction().execute(async (trx) => {
    await insertNewPrompt(trx, {
      id,
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
      team_id: teamId ?? null,
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
  { db }: CreatorDeps,
  auth: AuthContext,
  id: string,
  input: UpdateInput,
): Promise<CreatorPrompt> {
  const row = await editablePrompt(db, id, auth);
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
  { db, onPublished }: CreatorDeps,
  auth: AuthContext,
  id: string,
  publish: boolean,
): Promise<CreatorPrompt> {
  const row = await ownPrompt(db, id, auth);
  const now = nowIso();
  let wentLive = false;
  if (publish) {
    if (row.team_id) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.promptNotPublishable);
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
export async function deletePrompt({ db }: CreatorDeps, auth: AuthContext, id: string) {
  const row = await ownPrompt(db, id, auth);
  if ((await repo.countBuyers(db, row.id)) > 0) {
    await repo.updatePrompt(db, row.id, { status: 'archived', updated_at: nowIso() });
    return { deleted: false, archived: true };
  }
  await repo.deletePrompt(db, row.id);
  return { deleted: true, archived: false };
}

/*
 * A prompt's row as the admin panel writes it too (admin/prompts), inside the caller's transaction:
 * the same writes as the studio's, so a new prompt's slug is made one way.
 */

/** Inserts a new prompt with a slug made from its title (numbered when taken). */
export async function insertNewPrompt(trx: Kysely<DB>, row: Omit<NewPrompt, 'slug'>): Promise<void> {
  await repo.insertPrompt(trx, { ...row, slug: await uniqueSlug(trx, row.title) });
}

/** Writes columns that keep no version: a status, a moderation note, the dates that go with them. */
export const writePromptColumns = (trx: Kysely<DB>, id: string, changes: Partial<PromptRow>) =>
  repo.updatePrompt(trx, id, changes);

/** Deletes a prompt (one without buyers: the caller archives one that has them). */
export const removePrompt = (trx: Kysely<DB>, id: string) => repo.deletePrompt(trx, id);
