import type { PlaygroundMessage, SessionDetail, SessionSummary, Source } from '../../../shared/playground';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
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
  ...(m.role === 'user'
    ? {}
    : {
        sources: m.sources ? (JSON.parse(m.sources) as Source[]) : [],
        reasoning: m.reasoning,
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
  prompt: s.prompt_id && s.prompt_title ? { id: s.prompt_id, title: s.prompt_title } : null,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

export async function listSessions(deps: Pick<PlaygroundContext, 'db'>, auth: AuthContext) {
  return (await repo.listSessions(deps.db, auth.userId, 50)).map(toSummary);
}

export async function getSession(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  auth: AuthContext,
  id: string,
): Promise<SessionDetail> {
  const { db, uploads } = deps;
  const session = await repo.findSession(db, id, auth.userId);
  if (!session) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  const [summary, messages] = await Promise.all([repo.sessionSummary(db, id), repo.listMessages(db, id)]);
  const files = await uploads.infoOf(messages.filter((m) => m.role === 'user').map((m) => m.id));
  return {
    session: toSummary(summary),
    messages: messages.map((m) => {
      const attachments = files.get(m.id);
      return attachments ? { ...toMessage(m), attachments } : toMessage(m);
    }),
  };
}

export async function deleteSession(deps: Pick<PlaygroundContext, 'db'>, auth: AuthContext, id: string) {
  if (!(await repo.deleteSession(deps.db, id, auth.userId))) {
    throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  }
}
