import { TEAM_MESSAGES } from '../../../shared/teams';
import type { Kysely } from 'kysely';
import { LICENCE_TERMS, licenceInfo } from '../../../shared/licences';
import type { DB, NewPrompt } from '../../db/types';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/time';
import { type ReadReason, canSee, ownsPrompt, readReason } from '../prompt-access/service';

/*
 * The one owner of the remix rules (issue 57, decision 058): who may remix which prompt, and
 * whether the remix may ever be published. The studio's remix, its publish, the admin panel's
 * status changes and every edit (applyPromptEdit) ask here; migration 0031's CHECK holds the
 * database to "a private remix is never published".
 *
 *   source as the user reads it          remix allowed   remix may be published
 *   their own prompt                     yes             yes
 *   a free prompt, CC BY 4.0 or CC0      yes             yes (the "based on" link is the credit)
 *   a free prompt, personal/commercial   yes             no: kept for their own use
 *   a premium prompt they bought         yes             no: kept for their own use
 *   a premium prompt they did not buy    no (403, no text)
 *   a prompt they may not see            no (404)
 */

export const REMIX_NOT_FOUND = 'The requested prompt could not be found.';
export const REMIX_LOCKED = 'This is a premium prompt. Buy it to remix it for your own use.';
export const REMIX_PRIVATE =
  'This remix is for your own use: the licence of the prompt it was made from does not allow publishing it.';
const REMIX_TITLE_SUFFIX = ' (remix)';
const TITLE_MAX = 120;

export interface RemixSource {
  id: string;
  type: string;
  status: string;
  author_id: string;
  licence: string;
  /** A team prompt is remixed by its author only (its members read it inside the team). */
  team_id: string | null;
}

export type RemixVerdict =
  | { allowed: true; /** The remix stays its maker's own: never published. */ private: boolean }
  | { allowed: false; code: 'NOT_FOUND_ERROR' | 'AUTHORIZATION_ERROR'; message: string };

/**
 * The rule as a pure function of the source, the user and whether they own (bought) it. Admin
 * powers play no part: a remix is the user's own draft, made from what they may read as a user.
 */
export function remixVerdict(source: RemixSource, userId: string, owns: boolean): RemixVerdict {
  const viewer = { userId, admin: false };
  if (!canSee(source, viewer, owns)) {
    return { allowed: false, code: 'NOT_FOUND_ERROR', message: REMIX_NOT_FOUND };
  }
  const reason: ReadReason = readReason(source, viewer, owns);
  if (reason === 'locked' || reason === 'admin') {
    return { allowed: false, code: 'AUTHORIZATION_ERROR', message: REMIX_LOCKED };
  }
  if (reason === 'author') return { allowed: true, private: false };
  if (reason === 'purchased') return { allowed: true, private: true };
  const shareable = LICENCE_TERMS[licenceInfo(source.licence).id].remixMayBeShared;
  return { allowed: true, private: !shareable };
}

/** The user's verdict on a prompt, the purchase looked up only when it matters. */
export async function remixVerdictFor(db: Kysely<DB>, source: RemixSource, userId: string) {
  const owns =
    source.type === 'premium' && source.author_id !== userId
      ? await ownsPrompt(db, source.id, userId)
      : false;
  return remixVerdict(source, userId, owns);
}

/**
 * Refuses a prompt row (the stored one with the write's changes) that would publish a private remix
 * or a team prompt: every write that can publish (the studio, the admin panel's edit and moderation)
 * asks it.
 */
export function assertMayPublish(row: {
  status: string;
  remix_private: number;
  team_id: string | null;
}): void {
  if (row.status !== 'published') return;
  if (row.remix_private === 1) throw new AppError('AUTHORIZATION_ERROR', REMIX_PRIVATE);
  // A team prompt stays in its team's library (decision 060; migration 0033's CHECK backs it).
  if (row.team_id !== null) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.promptNotPublishable);
}

/** A remix source as the remix copies it. */
export interface RemixSourceRow extends RemixSource {
  title: string;
  description: string;
  content: string;
  category: string;
  tags: string;
}

/**
 * The new draft of the user's made from a source the verdict allowed, linked to it. It starts free
 * and keeps its source's licence (a paid source's is personal or commercial).
 */
export function remixDraft(
  source: RemixSourceRow,
  verdict: { private: boolean },
  userId: string,
  now: string,
): Omit<NewPrompt, 'slug'> {
  const title =
    source.title.length + REMIX_TITLE_SUFFIX.length <= TITLE_MAX
      ? `${source.title}${REMIX_TITLE_SUFFIX}`
      : source.title;
  return {
    id: newId(),
    author_id: userId,
    title,
    description: source.description,
    content: source.content,
    category: source.category,
    tags: source.tags,
    type: 'free',
    price_minor: 0,
    licence: source.licence,
    status: 'draft',
    remix_of: source.id,
    remix_private: verdict.private ? 1 : 0,
    created_at: now,
    updated_at: now,
    published_at: null,
  };
}
