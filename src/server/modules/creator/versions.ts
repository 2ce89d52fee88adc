import type { Kysely } from 'kysely';
import { VERSION_NOT_FOUND } from '../../../shared/versions';
import type { DB, PromptRow } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Jobs } from '../../jobs';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/time';
import { notify } from '../notifications/service';
import * as repo from './repository';

/*
 * A prompt's versions as its creator writes them (issue 57, decision 055). The prompt's row is
 * its newest version; an edit of its title, description, text or price, once it has been
 * published, keeps the version it replaces in prompt_versions with that version's note and date,
 * and tells the prompt's buyers and likers (the notifications module). Before its first
 * publication a prompt's edits change version 1 in place: nobody has seen it yet.
 */

/** The columns an edit versions. */
export const VERSIONED = ['title', 'description', 'content', 'price_minor'] as const;

export interface VersionOptions {
  /** The changelog note of the version the edit makes; undefined leaves a draft's note as it is. */
  note?: string | null;
  mailer?: Mailer;
  publicUrl?: string;
}

/** What an edit needs beyond the rows: its version's note and mail, and the job runner. */
export interface EditOptions extends VersionOptions {
  jobs: Jobs;
}

/** Whether the prompt has been seen by others, so an edit of its text makes a new version. */
export const keepsVersions = (row: PromptRow) => row.status === 'published' || row.published_at !== null;

/** The version number of the prompt's row (the newest), from the kept versions before it. */
export const currentVersion = (db: Kysely<DB>, promptId: string) => repo.nextVersion(db, promptId);

/**
 * Keeps the prompt's newest version before an edit replaces it and tells its audience; returns
 * the columns the edit adds (the new version's note and date). Runs in the edit's transaction.
 */
export async function recordVersion(
  trx: Kysely<DB>,
  row: PromptRow,
  merged: PromptRow,
  now: string,
  options: VersionOptions,
): Promise<Partial<PromptRow>> {
  const replaced = await repo.nextVersion(trx, row.id);
  await repo.insertVersion(trx, {
    id: newId(),
    promptId: row.id,
    version: replaced,
    title: row.title,
    description: row.description,
    content: row.content,
    priceMinor: row.price_minor,
    createdAt: now,
    note: row.version_note,
    madeAt: row.version_at ?? row.created_at,
  });
  const version = replaced + 1;
  const note = options.note ?? null;
  const audience = await repo.updateAudience(trx, row.id, row.author_id, merged.status === 'published');
  await notify(
    { db: trx, mailer: options.mailer, publicUrl: options.publicUrl },
    audience.map((userId) => ({
      userId,
      kind: 'prompt.updated' as const,
      eventKey: `version:${row.id}:${version}`,
      title: `${merged.title} was updated to version ${version}`,
      body: note ?? '',
      link: `/marketplace/${merged.slug}?version=${version}#versions`,
      data: { promptId: row.id, version },
    })),
  );
  return { version_note: note, version_at: now };
}

/** The text of an earlier version to restore, refused when it is the newest or the same text. */
export async function restorableVersion(db: Kysely<DB>, row: PromptRow, version: number) {
  const current = await currentVersion(db, row.id);
  if (version === current) {
    throw new AppError('VALIDATION_ERROR', `Version ${version} is already the current version.`);
  }
  const kept = await repo.findVersion(db, row.id, version);
  if (!kept) throw new AppError('NOT_FOUND_ERROR', VERSION_NOT_FOUND);
  if (kept.title === row.title && kept.description === row.description && kept.content === row.content) {
    throw new AppError('VALIDATION_ERROR', `Version ${version} has the same text as the current version.`);
  }
  return kept;
}
