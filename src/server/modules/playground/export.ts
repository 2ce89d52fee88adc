import type { SessionExport } from '../../../shared/playground-settings';
import type { AuthContext } from '../../plugins/app/auth';
import type { PlaygroundContext } from './deps';
import { getSession } from './sessions';

/*
 * A conversation exported by its owner: Markdown of the branch shown, or Promptforge's JSON with
 * every message and its parent (every branch). Only what the owner already reads goes out: the
 * messages, their models and the session's own settings, never a premium prompt's text (which is
 * in no message; the server adds it to the model's instructions only).
 */

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'conversation';

export async function exportSession(
  deps: Pick<PlaygroundContext, 'db' | 'uploads'>,
  auth: AuthContext,
  id: string,
  format: 'markdown' | 'json',
): Promise<SessionExport> {
  const detail = await getSession(deps, auth, id, { allBranches: format === 'json' });
  const { session } = detail;
  if (format === 'json') {
    const body = {
      format: 'promptforge.chat',
      version: 1,
      title: session.title,
      model: session.model,
      settings: session.settings,
      createdAt: session.createdAt,
      messages: detail.messages.map((m) => ({
        id: m.id,
        parentId: m.parentId ?? null,
        role: m.type === 'user' ? 'user' : 'assistant',
        content: m.content,
        model: m.model,
        createdAt: m.timestamp,
      })),
      leafId: detail.leafId,
    };
    return {
      filename: `${slug(session.title)}.json`,
      mediaType: 'application/json',
      content: `${JSON.stringify(body, null, 2)}\n`,
    };
  }
  const lines = [
    `# ${session.title}`,
    '',
    `_Exported from Promptforge · ${session.createdAt.slice(0, 10)}_`,
    '',
  ];
  if (session.settings.systemPrompt) lines.push('> **System prompt:** ' + session.settings.systemPrompt, '');
  for (const m of detail.messages) {
    lines.push(
      m.type === 'user' ? '## You' : `## Assistant${m.model ? ` (${m.model})` : ''}`,
      '',
      m.content,
      '',
    );
  }
  return { filename: `${slug(session.title)}.md`, mediaType: 'text/markdown', content: lines.join('\n') };
}
