import crypto from 'node:crypto';
import { type Share, type SharedConversation, SHARE_MESSAGES } from '../../../shared/playground-share';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { asTree, pathTo } from './branches';
import type { PlaygroundContext } from './deps';
import * as repo from './repository';
import { SESSION_NOT_FOUND } from './sessions';
import * as shares from './shares-repository';

/*
 * Share links (decision 059). A conversation's owner makes a link to the branch it shows; anyone
 * with the link reads those messages, and nothing else: not who shared it, not the session's
 * settings (its own system prompt), not the files attached (counted only), not a marketplace
 * prompt's text (which is never a message). What the owner says after sharing stays private until
 * they update the link; deleting the conversation deletes the link.
 */

type Deps = Pick<PlaygroundContext, 'db'>;

/** The branch the session shows now: its messages, oldest first, and its last message's id. */
async function branchOf(deps: Deps, sessionId: string, leafId: string | null) {
  const { rows, leafId: leaf } = asTree(await repo.listMessages(deps.db, sessionId), leafId);
  return { messages: pathTo(rows, leaf), leafId: leaf };
}

async function ownSession(deps: Deps, auth: AuthContext, sessionId: string) {
  const session = await repo.findSession(deps.db, sessionId, auth.userId);
  if (!session) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  return session;
}

async function present(deps: Deps, row: shares.ShareRow, currentLeaf: string | null): Promise<Share> {
  const { messages } = await branchOf(deps, row.session_id, row.leaf_id);
  return {
    id: row.id,
    path: `/share/${row.id}`,
    messageCount: messages.length,
    upToDate: row.leaf_id === currentLeaf,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The session's link, if it has one. */
export async function getShare(deps: Deps, auth: AuthContext, sessionId: string): Promise<Share | null> {
  const session = await ownSession(deps, auth, sessionId);
  const row = await shares.findShareOfSession(deps.db, sessionId, auth.userId);
  if (!row) return null;
  return present(deps, row, (await branchOf(deps, sessionId, session.leaf_id)).leafId);
}

/** Makes the session's link to the branch it shows, or moves an existing link there. */
export async function share(deps: Deps, auth: AuthContext, sessionId: string): Promise<Share> {
  const session = await ownSession(deps, auth, sessionId);
  const { leafId } = await branchOf(deps, sessionId, session.leaf_id);
  if (!leafId) throw new AppError('VALIDATION_ERROR', SHARE_MESSAGES.nothingToShare);
  const now = nowIso();
  const existing = await shares.findShareOfSession(deps.db, sessionId, auth.userId);
  const row: shares.ShareRow = existing
    ? { ...existing, leaf_id: leafId, updated_at: now }
    : {
        id: crypto.randomBytes(16).toString('base64url'),
        session_id: sessionId,
        user_id: auth.userId,
        leaf_id: leafId,
        created_at: now,
        updated_at: now,
      };
  await shares.upsertShare(deps.db, row);
  // Two shares at once keep one link (the unique session): answer with the one stored.
  const stored = await shares.findShareOfSession(deps.db, sessionId, auth.userId);
  return present(deps, stored!, leafId);
}

/** Ends the session's link; the link's address stops working at once. */
export async function unshare(deps: Deps, auth: AuthContext, sessionId: string): Promise<void> {
  await ownSession(deps, auth, sessionId);
  if (!(await shares.deleteShare(deps.db, sessionId, auth.userId))) {
    throw new AppError('NOT_FOUND_ERROR', 'This conversation is not shared.');
  }
}

/** What anyone with the link reads. */
export async function readShare(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  id: string,
): Promise<SharedConversation> {
  const row = await shares.findShare(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', SHARE_MESSAGES.notFound);
  const { messages } = await branchOf(deps, row.session_id, row.leaf_id);
  const files = await deps.uploads.infoOf(messages.filter((m) => m.role === 'user').map((m) => m.id));
  return {
    title: row.title,
    sharedAt: row.updated_at,
    prompt: row.prompt_id && row.prompt_title ? { id: row.prompt_id, title: row.prompt_title } : null,
    messages: messages
      .filter((m) => m.status !== 'error')
      .map((m) => ({
        id: m.id,
        type: m.role === 'user' ? ('user' as const) : ('ai' as const),
        content: m.content,
        model: m.role === 'user' ? null : m.model,
        sources: m.sources
          ? (JSON.parse(m.sources) as SharedConversation['messages'][number]['sources'])
          : [],
        attachments: files.get(m.id)?.length ?? 0,
      })),
  };
}
