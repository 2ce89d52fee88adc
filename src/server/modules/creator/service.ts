import type { Kysely } from 'kysely';
import type { PromptStatus } from '../../../shared/constants';
import type { CreatePromptSchema, CreatorPrompt, UpdatePromptSchema } from '../../../shared/creator';
import { DEFAULT_LICENCE, type Licence, licenceProblem } from '../../../shared/licences';
import type { Engine } from '../../db/database';
import type { DB, NewPrompt, PromptRow } from '../../db/types';
import { recordActivity } from '../../lib/activity';
import { AppError, fieldError } from '../../lib/errors';
import { toMinorExact } from '../../../shared/pricing';
import { assertPromptPrice } from '../../lib/money';
import { newId, nowIso } from '../../lib/time';
import type { Mailer } from '../../integrations/mail/mailer';
import type { AuthContext } from '../../plugins/app/auth';
import type { Jobs } from '../../jobs';
import { RECHECK_QUEUE, duplicateColumns } from './near-duplicates';
import { REMIX_NOT_FOUND, assertMayPublish, remixDraft, remixVerdictFor } from './remix';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { managesTeam, membershipOf } from '../teams/service';
import { linksOf, present, toCreatorPrompt } from './present';
import * as repo from './repository';
import { type EditOptions, VERSIONED, keepsVersions, recordVersion, restorableVersion } from './versions';
import type { z } from 'zod';

export { RECHECK_QUEUE, registerNearDuplicateJob } from './near-duplicates';
/** The creator studio: a creator's prompts written, published, listed and deleted. */

type CreateInput = z.output<typeof CreatePromptSchema>;
type UpdateInput = z.output<typeof UpdatePromptSchema>;

/** Called once a prompt goes live (to alert the admins, alerts.ts); it must not throw. */
export type OnPublished = (prompt: CreatorPrompt) => Promise<unknown>;

/** Called once a version of a prompt is live (published, or a published prompt's text changed). */
export type OnVersionLive = (promptId: string) => Promise<unknown>;

export interface CreatorDeps {
  db: Kysely<DB>;
  /** Which engine finds near duplicates, and how (near-duplicates.ts). */
  engine: Engine;
  onPublished?: OnPublished;
  /** Mails buyers who opted in when a prompt they bought or liked gets a new version. */
  mailer?: Mailer;
  publicUrl?: string;
  /** Prompt tests run on each live version (modules/prompt-tests, decision 057). */
  onVersionLive?: OnVersionLive;
  /** Queues the near-duplicate re-check of a published prompt's edited text (decision 066). */
  jobs: Jobs;
}

export const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';

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

/** Refuses a prompt row (the stored one with the write's changes) whose licence its price does not allow. */
export function assertPromptLicence(row: { type: string; licence: string }): void {
  const problem = licenceProblem({ premium: row.type === 'premium', licence: row.licence as Licence });
  if (problem) throw fieldError('licence', problem);
}

/** A team's API key (decision 071) manages its team's prompts only, never its creator's own. */
const keyTeamOf = (auth: AuthContext) => auth.apiKey?.teamId ?? null;
const outsideKeyTeam = (auth: AuthContext, row: { team_id: string | null }) =>
  keyTeamOf(auth) !== null && row.team_id !== keyTeamOf(auth);

async function ownPrompt(db: Kysely<DB>, id: string, auth: AuthContext) {
  const row = await repo.findOwnPrompt(db, id, auth.userId);
  // Another creator's prompt is answered exactly like one that does not exist.
  if (!row || outsideKeyTeam(auth, row)) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return row;
}

/** A prompt the caller may edit: their own, or a team prompt of a team they own or administer. */
async function editablePrompt(db: Kysely<DB>, id: string, auth: AuthContext) {
  const own = await repo.findOwnPrompt(db, id, auth.userId);
  if (own && !outsideKeyTeam(auth, own)) return own;
  const row = own ? undefined : await repo.findPromptByIdOrSlug(db, id);
  if (row?.team_id && !outsideKeyTeam(auth, row) && (await managesTeam(db, row.team_id, auth.userId))) {
    return row;
  }
  throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
}

export async function listCreatorPrompts(
  { db }: Pick<CreatorDeps, 'db'>,
  auth: AuthContext,
  query: { page: number; limit: number; status?: PromptStatus },
) {
  const { rows, total } = await repo.listOwnPrompts(db, auth.userId, query);
  const links = await linksOf(db, rows);
  return {
    prompts: rows.map((r) =>
      toCreatorPrompt(
        r,
        {
          buyers: Number(r.buyers ?? 0),
          versions: Number(r.versions ?? 0),
          earnedMinor: Number(r.earned_minor ?? 0),
        },
        links,
      ),
    ),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

export async function createPrompt(
  { db, engine, onPublished, onVersionLive }: CreatorDeps,
  auth: AuthContext,
  input: CreateInput,
): Promise<CreatorPrompt> {
  const now = nowIso();
  const id = newId();
  // A team prompt is the team's alone: never published (migration 0033's CHECK holds it too).
  // A team's API key makes team prompts, whatever the body says (decision 071).
  const teamId =
    keyTeamOf(auth) ?? (input.shareWithTeam ? (await membershipOf(db, auth.userId))?.team_id : null);
  if (input.shareWithTeam && !teamId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.noTeam);
  if (teamId && input.status === 'published') {
    throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.promptNotPublishable);
  }
  const publish = input.status === 'published';
  const type = input.isPaid ? 'premium' : 'free';
  const priceMinor = input.isPaid ? toMinorExact(input.price ?? Number.NaN) : 0;
  const licence = input.licence ?? DEFAULT_LICENCE;
  assertPromptPrice({ type, price_minor: priceMinor });
  assertPromptLicence({ type, licence });
  const flags = publish ? await duplicateColumns({ db, engine }, input.content, auth.userId) : {};
  await db.transaction().execute(async (trx) => {
    await insertNewPrompt(trx, {
      ...flags,
      id,
      author_id: auth.userId,
      title: input.title,
      description: input.description,
      content: input.content,
      category: input.category,
      tags: JSON.stringify(input.tags),
      type,
      price_minor: priceMinor,
      licence,
      status: publish ? 'published' : 'draft',
      created_at: now,
      updated_at: now,
      published_at: publish ? now : null,
      version_note: input.note ?? null,
      team_id: teamId ?? null,
    });
    if (publish) await recordActivity(trx, { type: 'prompt.published', actorId: auth.userId, promptId: id });
  });
  const prompt = await present(db, id);
  if (publish) await onPublished?.(prompt);
  if (publish) await onVersionLive?.(id);
  return prompt;
}

/**
 * Edits a prompt. A published prompt keeps its previous title, description, text and price as a
 * version before the change (versions.ts); buyers always read the newest.
 */
export async function updatePrompt(
  { db, mailer, publicUrl, onVersionLive, jobs }: CreatorDeps,
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
  if (input.licence !== undefined) changes.licence = input.licence;
  const paid = input.isPaid ?? row.type === 'premium';
  // A free prompt has no price (one sent with it is ignored); a paid one keeps its price unless given.
  if (!paid) changes.price_minor = 0;
  else if (input.price !== undefined) changes.price_minor = toMinorExact(input.price);
  const now = nowIso();
  const live = await db
    .transaction()
    .execute((trx) => applyPromptEdit(trx, row, changes, now, { note: input.note, mailer, publicUrl, jobs }));
  mailer?.wake();
  jobs.notify(RECHECK_QUEUE);
  if (live) await onVersionLive?.(row.id);
  return present(db, row.id);
}

/** Restores an earlier version's title, description and text as the newest version (its price stays). */
export async function restoreVersion(
  { db, mailer, publicUrl, onVersionLive, jobs }: CreatorDeps,
  auth: AuthContext,
  id: string,
  version: number,
): Promise<CreatorPrompt> {
  const row = await ownPrompt(db, id, auth);
  const kept = await restorableVersion(db, row, version);
  const changes = { title: kept.title, description: kept.description, content: kept.content };
  const note = `Restored from version ${version}`;
  const live = await db
    .transaction()
    .execute((trx) => applyPromptEdit(trx, row, changes, nowIso(), { note, mailer, publicUrl, jobs }));
  mailer?.wake();
  jobs.notify(RECHECK_QUEUE);
  if (live) await onVersionLive?.(row.id);
  return present(db, row.id);
}

/**
 * Writes an edit of a prompt; when a published prompt's text or price changes, the version buyers
 * had is kept first, and a changed text of a live prompt is queued for the near-duplicate check
 * (the caller wakes RECHECK_QUEUE after its commit). Runs inside the caller's transaction (the
 * creator's edit and the admin's).
 */
export async function applyPromptEdit(
  trx: Kysely<DB>,
  row: PromptRow,
  changes: Partial<PromptRow>,
  now: string,
  options: EditOptions,
): Promise<boolean> {
  const merged = { ...row, ...changes };
  // The rule is checked on the prompt this edit produces, not on the request (issue 51).
  assertPromptPrice(merged);
  assertPromptLicence(merged);
  assertMayPublish(merged);
  const versioned = VERSIONED.some((k) => changes[k] !== undefined && changes[k] !== row[k]);
  let version: Partial<PromptRow> = {};
  if (versioned && keepsVersions(row)) version = await recordVersion(trx, row, merged, now, options);
  else if (options.note !== undefined) version = { version_note: options.note };
  await repo.updatePrompt(trx, row.id, { ...changes, ...version, updated_at: now });
  if (merged.status === 'published' && merged.content !== row.content) {
    await options.jobs.send(RECHECK_QUEUE, { promptId: row.id }, { db: trx });
  }
  // Whether a published prompt's text changed: a new live version (its tests run, decision 057).
  return row.status === 'published' && versioned;
}

export async function setPublished(
  { db, engine, onPublished, onVersionLive }: CreatorDeps,
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
      assertMayPublish({ ...row, status: 'published' });
      const flags = await duplicateColumns({ db, engine }, row.content, row.author_id);
      await db.transaction().execute(async (trx) => {
        await repo.updatePrompt(trx, row.id, {
          ...flags,
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
  if (wentLive) await onVersionLive?.(row.id);
  return prompt;
}

/**
 * Remixes a prompt the user may remix (remix.ts decides) into a new draft of theirs linked to it.
 * The source's text is read only once the verdict allows it.
 */
export async function remixPrompt({ db }: CreatorDeps, auth: AuthContext, sourceIdOrSlug: string) {
  const source = await repo.findRemixSource(db, sourceIdOrSlug);
  if (!source) throw new AppError('NOT_FOUND_ERROR', REMIX_NOT_FOUND);
  const verdict = await remixVerdictFor(db, source, auth.userId);
  if (!verdict.allowed) throw new AppError(verdict.code, verdict.message);
  const draft = remixDraft(source, verdict, auth.userId, nowIso());
  await db.transaction().execute((trx) => insertNewPrompt(trx, draft));
  return present(db, draft.id);
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
