import { z } from 'zod';
import {
  IMPORT_FORMAT_MESSAGE,
  type ImportResult,
  SessionSettingsSchema,
} from '../../../shared/playground-settings';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { titleFrom } from './conversation';
import type { PlaygroundContext } from './deps';
import * as repo from './repository';

/*
 * Importing conversations: a ChatGPT export (`conversations.json`, its message tree kept, branches
 * and all) or Promptforge's own JSON export. An import calls no model, so it takes nothing of the
 * allowance; a conversation continued later counts like any other when its first reply succeeds.
 */

interface Node {
  id: string;
  parentId: string | null;
  role: 'user' | 'ai';
  content: string;
  createdAt: string;
}
interface Conversation {
  title: string;
  model: string;
  settings: z.output<typeof SessionSettingsSchema>;
  nodes: Node[];
  leafId: string | null;
}

const MAX_CONVERSATIONS = 200;

const OwnSchema = z.object({
  format: z.literal('promptforge.chat'),
  version: z.literal(1),
  title: z.string().min(1).max(200),
  model: z.string().min(1).max(200),
  settings: SessionSettingsSchema.catch({ systemPrompt: null, temperature: null, maxTokens: null }),
  messages: z.array(
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      createdAt: z.string().optional(),
    }),
  ),
  leafId: z.string().nullable().optional(),
});

const GptNodeSchema = z.object({
  id: z.string(),
  parent: z.string().nullable().optional(),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      create_time: z.number().nullable().optional(),
      content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).optional() }),
    })
    .nullable()
    .optional(),
});
const GptSchema = z.array(
  z.object({
    title: z.string().nullable().optional(),
    mapping: z.record(z.string(), GptNodeSchema),
    current_node: z.string().nullable().optional(),
  }),
);

const iso = (seconds: number | null | undefined, fallback: string) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : fallback;

/** A ChatGPT conversation's user and assistant text messages, each linked to its nearest kept ancestor. */
function fromChatGpt(c: z.output<typeof GptSchema>[number], now: string): Conversation {
  const kept = new Map<string, Node>();
  const nodes = c.mapping;
  const keptAncestor = (id: string | null | undefined): string | null => {
    for (let at = id, hops = 0; at && hops < 10_000; at = nodes[at]?.parent, hops++)
      if (kept.has(at)) return at;
    return null;
  };
  // Parents before children: walk from the roots.
  const order = Object.values(nodes).sort(
    (a, b) => (a.message?.create_time ?? 0) - (b.message?.create_time ?? 0),
  );
  for (const n of order) {
    const m = n.message;
    const role = m?.author.role === 'user' ? 'user' : m?.author.role === 'assistant' ? 'ai' : null;
    const text = (m?.content.parts ?? [])
      .filter((p): p is string => typeof p === 'string')
      .join('\n')
      .trim();
    if (!role || m?.content.content_type !== 'text' || text === '') continue;
    kept.set(n.id, { id: n.id, parentId: null, role, content: text, createdAt: iso(m.create_time, now) });
  }
  for (const node of kept.values()) node.parentId = keptAncestor(nodes[node.id]?.parent);
  const list = [...kept.values()];
  return {
    title: c.title?.trim() || titleFrom(list.find((n) => n.role === 'user')?.content ?? 'Imported chat'),
    model: 'chatgpt',
    settings: { systemPrompt: null, temperature: null, maxTokens: null },
    nodes: list,
    leafId: keptAncestor(c.current_node) ?? list.at(-1)?.id ?? null,
  };
}

function parse(content: string): Conversation[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new AppError('VALIDATION_ERROR', IMPORT_FORMAT_MESSAGE);
  }
  const now = nowIso();
  const own = OwnSchema.safeParse(json);
  if (own.success) {
    const d = own.data;
    const ids = new Set(d.messages.map((m) => m.id));
    return [
      {
        title: d.title,
        model: d.model,
        settings: d.settings,
        nodes: d.messages.map((m) => ({
          id: m.id,
          parentId: m.parentId && ids.has(m.parentId) ? m.parentId : null,
          role: m.role === 'user' ? 'user' : 'ai',
          content: m.content,
          createdAt: m.createdAt ?? now,
        })),
        leafId: d.leafId && ids.has(d.leafId) ? d.leafId : (d.messages.at(-1)?.id ?? null),
      },
    ];
  }
  const gpt = GptSchema.safeParse(json);
  if (!gpt.success) throw new AppError('VALIDATION_ERROR', IMPORT_FORMAT_MESSAGE);
  if (gpt.data.length > MAX_CONVERSATIONS) {
    throw new AppError('VALIDATION_ERROR', `A file can hold at most ${MAX_CONVERSATIONS} conversations.`);
  }
  return gpt.data.map((c) => fromChatGpt(c, now));
}

export async function importConversations(
  deps: Pick<PlaygroundContext, 'db' | 'config'>,
  auth: AuthContext,
  content: string,
): Promise<ImportResult> {
  const conversations = parse(content);
  const max = deps.config.playground.maxMessagesPerSession;
  const fits = conversations.filter((c) => c.nodes.length > 0 && c.nodes.length <= max);
  const sessions: ImportResult['sessions'] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const c of fits) {
      const id = newId();
      const ids = new Map(c.nodes.map((n) => [n.id, newId()]));
      const now = nowIso();
      await repo.insertSession(trx, {
        ...{ id, userId: auth.userId, title: c.title.slice(0, 120), model: c.model },
        ...{ promptId: null, variables: {}, settings: c.settings, now },
      });
      for (const n of c.nodes) {
        await repo.insertMessage(trx, {
          ...{ id: ids.get(n.id)!, sessionId: id, role: n.role, content: n.content },
          ...{ model: null, status: 'complete', latencyMs: null, createdAt: n.createdAt },
          parentId: n.parentId ? ids.get(n.parentId)! : null,
        });
      }
      const leaf = c.leafId ? ids.get(c.leafId) : undefined;
      await repo.touchSession(trx, id, c.nodes.length, now, c.model, leaf);
      sessions.push({ id, title: c.title.slice(0, 120), messageCount: c.nodes.length });
    }
  });
  return { sessions, skipped: conversations.length - fits.length };
}
