import type { z } from 'zod';
import type {
  PlaygroundMessage,
  SessionDetail,
  SessionSummary,
  SessionUsage,
  Source,
} from '../../../shared/playground';
import {
  DEFAULT_SETTINGS,
  type SessionSettings,
  SessionSettingsSchema,
  type SessionUpdateSchema,
} from '../../../shared/playground-settings';
import { nowIso } from '../../lib/time';
import { asTree, childrenOf, leafThrough, pathTo } from './branches';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import type { PlaygroundContext } from './deps';
import * as repo from './repository';

/** A user's conversations: listed, read and deleted, each only by its owner. */

export const SESSION_NOT_FOUND = 'This conversation could not be found.';

export const toMessage = (m: repo.MessageRow): PlaygroundMessage => ({
  id: m.id,
  type: m.role === 'user' ? 'user' : 'ai',
  content: m.content,
  timestamp: m.created_at,
  status: m.status as PlaygroundMessage['status'],
  model: m.model,
  parentId: m.parent_id,
  ...(m.role === 'user'
    ? {}
    : {
        sources: m.sources ? (JSON.parse(m.sources) as Source[]) : [],
        reasoning: m.reasoning,
        finishReason: m.finish_reason,
        usage:
          m.input_tokens === null && m.output_tokens === null
            ? null
            : {
                inputTokens: m.input_tokens,
                outputTokens: m.output_tokens,
                estimated: m.usage_estimated === 1,
                costMicros: m.cost_micros,
              },
      }),
});

export const toSummary = (s: repo.SessionSummaryRow): SessionSummary => ({
  id: s.id,
  title: s.title,
  model: s.model,
  messageCount: s.message_count,
  pinned: s.pinned_at !== null,
  compareId: s.compare_id,
  prompt: s.prompt_id && s.prompt_title ? { id: s.prompt_id, title: s.prompt_title } : null,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

/** The sum of the usage stored with a session's replies (the AI layer's records), all branches included. */
export function sessionUsage(rows: readonly repo.MessageRow[]): SessionUsage {
  const total: SessionUsage = { inputTokens: 0, outputTokens: 0, costMicros: 0, estimated: false };
  for (const m of rows) {
    if (m.role === 'user') continue;
    total.inputTokens += m.input_tokens ?? 0;
    total.outputTokens += m.output_tokens ?? 0;
    total.costMicros += m.cost_micros ?? 0;
    if (m.usage_estimated === 1) total.estimated = true;
  }
  return total;
}

/** A session's stored settings; anything unreadable counts as the defaults. */
export function settingsOf(json: string): SessionSettings {
  try {
    const parsed = SessionSettingsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export async function listSessions(deps: Pick<PlaygroundContext, 'db'>, auth: AuthContext, q?: string) {
  return (await repo.listSessions(deps.db, auth.userId, 50, q?.trim() || undefined)).map(toSummary);
}

/** A conversation with the branch it shows; with `allBranches`, every message (export), and the last one shown. */
export async function getSession(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  auth: AuthContext,
  id: string,
  options: { allBranches?: boolean } = {},
): Promise<SessionDetail & { leafId: string | null }> {
  const { db, uploads } = deps;
  const session = await repo.findSession(db, id, auth.userId);
  if (!session) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  const [summary, stored] = await Promise.all([repo.sessionSummary(db, id), repo.listMessages(db, id)]);
  const { rows: messages, leafId } = asTree(stored, session.leaf_id);
  const files = await uploads.infoOf(messages.filter((m) => m.role === 'user').map((m) => m.id));
  // The branch shown, each message with its alternatives (siblings) for browsing 1/2/3.
  const children = childrenOf(messages);
  return {
    session: { ...toSummary(summary), settings: settingsOf(summary.settings), usage: sessionUsage(messages) },
    leafId,
    messages: (options.allBranches ? messages : pathTo(messages, leafId)).map((m) => {
      const message = { ...toMessage(m), alternatives: children.get(m.parent_id) ?? [m.id] };
      const attachments = files.get(m.id);
      return attachments ? { ...message, attachments } : message;
    }),
  };
}

/** Rename, pin or unpin, or change the settings of one of the user's sessions. */
export async function updateSession(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  auth: AuthContext,
  id: string,
  change: z.output<typeof SessionUpdateSchema>,
): Promise<SessionDetail> {
  const updated = await repo.updateSession(deps.db, id, auth.userId, {
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.pinned !== undefined ? { pinned_at: change.pinned ? nowIso() : null } : {}),
    ...(change.settings !== undefined ? { settings: JSON.stringify(change.settings) } : {}),
  });
  if (!updated) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  return getSession(deps, auth, id);
}

/** Shows the branch through one of the session's messages (an alternative the user picked). */
export async function showBranch(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  auth: AuthContext,
  id: string,
  messageId: string,
): Promise<SessionDetail> {
  const session = await repo.findSession(deps.db, id, auth.userId);
  if (!session) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  const { rows: messages } = asTree(await repo.listMessages(deps.db, id), session.leaf_id);
  if (!messages.some((m) => m.id === messageId)) {
    throw new AppError('NOT_FOUND_ERROR', 'This message could not be found.');
  }
  if (session.leaf_id === null) await repo.linkAsOneBranch(deps.db, id);
  await repo.updateSession(deps.db, id, auth.userId, { leaf_id: leafThrough(messages, messageId) });
  return getSession(deps, auth, id);
}

export async function deleteSession(deps: Pick<PlaygroundContext, 'db'>, auth: AuthContext, id: string) {
  if (!(await repo.deleteSession(deps.db, id, auth.userId))) {
    throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  }
}
