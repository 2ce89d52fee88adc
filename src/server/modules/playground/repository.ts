import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { bumpDailyStat } from '../../lib/daily-stats';

/** All SQL of playground sessions and messages (the allowance's ledger: allowance-repository.ts). */

export const findSession = (db: Kysely<DB>, id: string, userId: string) =>
  db
    .selectFrom('playground_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export const listSessions = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('playground_sessions as s')
    .leftJoin('prompts as p', 'p.id', 's.prompt_id')
    .select([
      's.id',
      's.title',
      's.model',
      's.message_count',
      's.prompt_id',
      's.created_at',
      's.updated_at',
      'p.title as prompt_title',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();

export const sessionSummary = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('playground_sessions as s')
    .leftJoin('prompts as p', 'p.id', 's.prompt_id')
    .select([
      's.id',
      's.title',
      's.model',
      's.message_count',
      's.prompt_id',
      's.created_at',
      's.updated_at',
      'p.title as prompt_title',
    ])
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();

export type SessionSummaryRow = Awaited<ReturnType<typeof sessionSummary>>;

export const listMessages = (db: Kysely<DB>, sessionId: string) =>
  db
    .selectFrom('playground_messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export async function deleteSession(db: Kysely<DB>, id: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('playground_sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertSession(
  db: Kysely<DB>,
  s: {
    id: string;
    userId: string;
    title: string;
    model: string;
    promptId: string | null;
    variables: Record<string, string>;
    now: string;
  },
) {
  await db
    .insertInto('playground_sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      title: s.title,
      model: s.model,
      prompt_id: s.promptId,
      prompt_variables: JSON.stringify(s.variables),
      created_at: s.now,
      updated_at: s.now,
    })
    .execute();
}

export async function insertMessage(
  db: Kysely<DB>,
  m: {
    id: string;
    sessionId: string;
    role: 'user' | 'ai';
    content: string;
    model: string | null;
    status: string;
    latencyMs: number | null;
    inputTokens?: number | null;
    outputTokens?: number | null;
    modelKey?: string | null;
    planId?: string | null;
    costMicros?: number | null;
    usageEstimated?: boolean;
    sources?: { url: string; title: string | null }[] | null;
    reasoning?: string | null;
    createdAt: string;
  },
) {
  await db
    .insertInto('playground_messages')
    .values({
      id: m.id,
      session_id: m.sessionId,
      role: m.role,
      content: m.content,
      model: m.model,
      status: m.status,
      latency_ms: m.latencyMs,
      input_tokens: m.inputTokens ?? null,
      output_tokens: m.outputTokens ?? null,
      model_key: m.modelKey ?? null,
      plan_id: m.planId ?? null,
      cost_micros: m.costMicros ?? null,
      usage_estimated: m.usageEstimated ? 1 : 0,
      sources: m.sources ? JSON.stringify(m.sources) : null,
      reasoning: m.reasoning ?? null,
      created_at: m.createdAt,
    })
    .execute();
}

export async function touchSession(
  db: Kysely<DB>,
  sessionId: string,
  added: number,
  now: string,
  model: string,
) {
  await db
    .updateTable('playground_sessions')
    .set((eb) => ({ message_count: eb('message_count', '+', added), updated_at: now, model }))
    .where('id', '=', sessionId)
    .execute();
}

export async function addTry(db: Kysely<DB>, promptId: string) {
  await db
    .updateTable('prompts')
    .set((eb) => ({ tries_count: eb('tries_count', '+', 1) }))
    .where('id', '=', promptId)
    .execute();
  await bumpDailyStat(db, promptId, 'tries');
}

export const findPrompt = (db: Kysely<DB>, idOrSlug: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'title', 'content', 'type', 'status', 'author_id', 'price_minor'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();

export type PromptRow = NonNullable<Awaited<ReturnType<typeof findPrompt>>>;
