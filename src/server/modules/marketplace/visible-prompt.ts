import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import { promptAccess } from '../prompt-access/service';
import type { AuthContext } from './deps';
import { findPromptByIdOrSlug } from './prompt-page-repository';

export const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';
export const PREMIUM_LOCKED = 'This is a premium prompt. Buy it to see and download the full text.';

/**
 * Finds a prompt the caller may see (prompt-access decides: published, their own, one they bought,
 * or any for an admin), with the caller's access to its text. Its page, its reviews and a download
 * all start here.
 */
export async function visiblePrompt(db: Kysely<DB>, idOrSlug: string, auth: AuthContext | null) {
  const row = await findPromptByIdOrSlug(db, idOrSlug);
  if (!row) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  const access = await promptAccess(db, row, auth);
  if (!access.visible) throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return { row, access };
}

/** A prompt the caller may see that is also published (only those are reviewed): else not found. */
export async function publishedPrompt(db: Kysely<DB>, idOrSlug: string, auth: AuthContext) {
  const { row } = await visiblePrompt(db, idOrSlug, auth);
  if (row.status !== 'published') throw new AppError('NOT_FOUND_ERROR', PROMPT_NOT_FOUND);
  return row;
}
