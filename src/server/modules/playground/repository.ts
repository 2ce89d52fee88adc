import { type Kysely, sql } from 'kysely';
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

/** What a session's summary reads: the session, and the title of the prompt it tries. */
const SUMMARY_COLUMNS = [
  's.id',
  's.title',
  's.model',
  's.message_count',
  's.prompt_id',
  's.pinned_at',
  's.compare_id',
  's.settings',
  's.created_at',
  's.updated_at',
  'p.title as prompt_title',
] as const;

/** A user's sessions, pinned first then newest; `q` matches the title or any message's text. */
export const listSessions = (db: Kysely<DB>, userId: string, limit: number, q?: string) =>
  db
    .selectFrom('playground_sessions as s')
    .leftJoin('prompts as p', 'p.id', 's.prompt_id')
    .select(SUMMARY_COLUMNS)
    .where('s.user_id', '=', userId)
    .$if(Boolean(q), (qb) => {
      const pattern = `%${q!.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return qb.where((eb) =>
        eb.or([
          eb(sql`lower(s.title)`, 'like', sql`${pattern} escape '\\'`),
          eb.exists(
            eb
              .selectFrom('playground_messages as m')
              .select('m.id')
              .whereRef('m.session_id', '=', 's.id')
              .where(sql`lower(m.content)`, 'like', sql`${pattern} escape '\\'`),
          ),
        ]),
      );
    })
    .orderBy(sql`case when s.pinned_at is null then 1 else 0 end`)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();

export const sessionSummary = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('playground_sessions as s')
    .leftJoin('prompts as p', 'p.id', 's.prompt_id')
    .select(SUMMARY_COLUMNS)
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
    settings: object;
    compareId?: string | null;
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
      settings: JSON.stringify(s.settings),
      compare_id: s.compareId ?? null,
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
    parentId: string | null;
    finishReason?: string | null;
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
      parent_id: m.parentId,
      finish_reason: m.finishReason ?? null,
      created_at: m.createdAt,
    })
    .execute();
}

/** A turn's messages were added: the count, the time, the model, and the branch shown (its new last message). */
export async function touchSession(
  db: Kysely<DB>,
  sessionId: string,
  added: number,
  now: string,
  model: string,
  leafId?: string,
) {
  await db
    .updateTable('playground_sessions')
    .set((eb) => ({
      message_count: eb('message_count', '+', added),
      updated_at: now,
      model,
      ...(leafId ? { leaf_id: leafId } : {}),
    }))
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
    .select(['id', 'title', 'content', 'type', 'status', 'author_id', 'price_minor', 'team_id'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();

export type PromptRow = NonNullable<Awaited<ReturnType<typeof findPrompt>>>;

/** A reply continued after the length limit cut it: the new text appended, the usage added. */
export async function extendMessage(
  db: Kysely<DB>,
  m: {
    id: string;
    text: string;
    status: string;
    inputTokens: number | null;
    outputTokens: number | null;
    costMicros: number | null;
    finishReason: string | null;
  },
) {
  await db
    .updateTable('playground_messages')
    .set((eb) => ({
      content: sql<string>`${eb.ref('content')} || ${m.text}`,
      status: m.status,
      input_tokens: sql<number | null>`coalesce(${eb.ref('input_tokens')}, 0) + ${m.inputTokens ?? 0}`,
      output_tokens: sql<number | null>`coalesce(${eb.ref('output_tokens')}, 0) + ${m.outputTokens ?? 0}`,
      cost_micros:
        m.costMicros === null
          ? eb.ref('cost_micros')
          : sql<number | null>`coalesce(${eb.ref('cost_micros')}, 0) + ${m.costMicros}`,
      finish_reason: m.finishReason,
    }))
    .where('id', '=', m.id)
    .execute();
}

/** Sets what a user may change of their session; false when it is not theirs. */
export async function updateSession(
  db: Kysely<DB>,
  id: string,
  userId: string,
  change: { title?: string; pinned_at?: string | null; settings?: string; leaf_id?: string },
): Promise<boolean> {
  if (Object.keys(change).length === 0) return Boolean(await findSession(db, id, userId));
  const result = await db
    .updateTable('playground_sessions')
    .set(change)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Links a session written before branches into one branch in the order of its messages (as migration 0025 did). */
export async function linkAsOneBranch(db: Kysely<DB>, sessionId: string) {
  await sql`
    update playground_messages set parent_id = (
      select p.id from playground_messages p
      where p.session_id = playground_messages.session_id
        and (p.created_at < playground_messages.created_at
          or (p.created_at = playground_messages.created_at and p.id < playground_messages.id))
      order by p.created_at desc, p.id desc
      limit 1
    )
    where session_id = ${sessionId}`.execute(db);
  await sql`
    update playground_sessions set leaf_id = (
      select m.id from playground_messages m where m.session_id = playground_sessions.id
      order by m.created_at desc, m.id desc limit 1
    )
    where id = ${sessionId}`.execute(db);
}
