import type { Kysely, Selectable } from 'kysely';
import type { DB, PromptExamplesTable } from '../../db/types';

/** All SQL of verified examples (migration 0039, decision 069), and of the runs they are copied from. */

export type ExampleRow = Selectable<PromptExamplesTable>;

export const listExamples = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompt_examples')
    .selectAll()
    .where('prompt_id', '=', promptId)
    .orderBy('position')
    .execute();

/**
 * Adds an example unless it breaks a unique rule (the run is already shown, or its place was taken
 * by a write at the same moment): true when it was written.
 */
export async function insertExample(db: Kysely<DB>, row: ExampleRow): Promise<boolean> {
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('prompt_examples')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteExample(db: Kysely<DB>, promptId: string, exampleId: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('prompt_examples')
    .where('id', '=', exampleId)
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(numDeletedRows) > 0;
}

/** One of the prompt's own test runs, or undefined (another prompt's run is not found). */
export const findTestRun = (db: Kysely<DB>, promptId: string, runId: string) =>
  db
    .selectFrom('prompt_test_runs')
    .selectAll()
    .where('id', '=', runId)
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();

/** The user's completed replies in their own playground sessions started from this prompt, newest first. */
const ownReplies = (db: Kysely<DB>, promptId: string, userId: string) =>
  db
    .selectFrom('playground_sessions as s')
    .innerJoin('playground_messages as m', 'm.session_id', 's.id')
    .leftJoin('playground_messages as q', (j) =>
      j.onRef('q.id', '=', 'm.parent_id').on('q.role', '=', 'user'),
    )
    .select(['m.id', 'm.model', 'm.model_key', 'm.content', 'm.created_at', 'q.content as asked'])
    .where('s.prompt_id', '=', promptId)
    .where('s.user_id', '=', userId)
    .where('m.role', '=', 'ai')
    .where('m.status', '=', 'complete')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc');

export const listOwnReplies = (db: Kysely<DB>, promptId: string, userId: string, limit: number) =>
  ownReplies(db, promptId, userId).limit(limit).execute();

/** One reply, only when it is the user's own completed reply in a session of this prompt. */
export const findOwnReply = (db: Kysely<DB>, promptId: string, userId: string, messageId: string) =>
  ownReplies(db, promptId, userId).where('m.id', '=', messageId).executeTakeFirst();
export type OwnReply = NonNullable<Awaited<ReturnType<typeof findOwnReply>>>;

/** The prompt's version at a moment: one more than the versions kept (replaced) by then (decision 055). */
export async function versionAt(db: Kysely<DB>, promptId: string, at: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('prompt_id', '=', promptId)
    .where('created_at', '<=', at)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}
