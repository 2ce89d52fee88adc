import type { Kysely } from 'kysely';
import {
  VERSION_NOT_FOUND,
  type VersionDiff,
  type VersionList,
  type VersionSummary,
  type VersionText,
} from '../../../shared/versions';
import { textDiff } from '../../../shared/word-diff';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { AuthContext } from './deps';
import * as repo from './versions-repository';
import { visiblePrompt } from './visible-prompt';

/*
 * A prompt's versions on its page (issue 57, decision 055): the list (number, date, note) to
 * everyone who sees the prompt; each version's text and the diff of any two only to those
 * prompt-access lets read the text (its author, an admin, a buyer, anyone for a free prompt).
 * A buyer owns every version: the purchase opens them all.
 */

const VERSIONS_LOCKED = 'This is a premium prompt. Buy it to read its versions.';

/** Every version, oldest first; the newest is the prompt's row, numbered after the kept ones. */
async function allVersions(db: Kysely<DB>, promptId: string) {
  const [kept, newest] = await Promise.all([repo.listKept(db, promptId), repo.findNewest(db, promptId)]);
  const summaries: VersionSummary[] = kept.map((v) => ({
    version: v.version,
    note: v.note,
    createdAt: v.made_at ?? v.created_at,
    current: false,
  }));
  const number = (kept.at(-1)?.version ?? 0) + 1;
  summaries.push({
    version: number,
    note: newest.version_note,
    createdAt: newest.version_at ?? newest.created_at,
    current: true,
  });
  return { summaries, newest };
}

export async function listVersions(
  db: Kysely<DB>,
  idOrSlug: string,
  auth: AuthContext | null,
): Promise<VersionList> {
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  const { summaries } = await allVersions(db, row.id);
  return {
    versions: summaries.reverse(),
    canRead: access.canRead,
    canRestore: access.reason === 'author',
  };
}

async function readable(db: Kysely<DB>, idOrSlug: string, auth: AuthContext | null) {
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  if (!access.canRead) throw new AppError('AUTHORIZATION_ERROR', VERSIONS_LOCKED);
  return row;
}

async function versionText(db: Kysely<DB>, promptId: string, version: number): Promise<VersionText> {
  const { summaries, newest } = await allVersions(db, promptId);
  const summary = summaries.find((s) => s.version === version);
  if (!summary) throw new AppError('NOT_FOUND_ERROR', VERSION_NOT_FOUND);
  if (summary.current) {
    return { ...summary, title: newest.title, description: newest.description, content: newest.content };
  }
  const kept = (await repo.findKept(db, promptId, version))!;
  return { ...summary, title: kept.title, description: kept.description, content: kept.content };
}

/** One version's title, description and text, for those who may read the prompt's text. */
export async function getVersion(
  db: Kysely<DB>,
  idOrSlug: string,
  auth: AuthContext | null,
  version: number,
): Promise<VersionText> {
  const row = await readable(db, idOrSlug, auth);
  return versionText(db, row.id, version);
}

/** What changed from one version to another, by line and word, for those who may read the text. */
export async function diffVersions(
  db: Kysely<DB>,
  idOrSlug: string,
  auth: AuthContext | null,
  from: number,
  to: number,
): Promise<VersionDiff> {
  const row = await readable(db, idOrSlug, auth);
  const [a, b] = await Promise.all([versionText(db, row.id, from), versionText(db, row.id, to)]);
  return {
    from,
    to,
    title: textDiff(a.title, b.title),
    description: textDiff(a.description, b.description),
    content: textDiff(a.content, b.content),
  };
}
