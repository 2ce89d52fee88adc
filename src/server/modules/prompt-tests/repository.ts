import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, PromptTestCasesTable, PromptTestRunsTable, PromptTestScheduleTable } from '../../db/types';

/** All SQL of prompt tests: cases, runs, the schedule and the card's badge (migration 0030). */

export type CaseRow = Selectable<PromptTestCasesTable>;
export type RunRow = Selectable<PromptTestRunsTable>;

export const findPrompt = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'author_id', 'title', 'content', 'type', 'status', 'slug'])
    .where('id', '=', id)
    .executeTakeFirst();
export type TestedPrompt = NonNullable<Awaited<ReturnType<typeof findPrompt>>>;

/** The prompt's current version: one more than the versions kept before its edits. */
export async function currentVersion(db: Kysely<DB>, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

export const listCases = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompt_test_cases')
    .selectAll()
    .where('prompt_id', '=', promptId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export async function countCases(db: Kysely<DB>, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_test_cases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const insertCase = (db: Kysely<DB>, row: CaseRow) =>
  db.insertInto('prompt_test_cases').values(row).execute();

export async function deleteCase(db: Kysely<DB>, promptId: string, caseId: string): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('prompt_test_cases')
    .where('id', '=', caseId)
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(numDeletedRows) > 0;
}

export const insertRun = (db: Kysely<DB>, row: RunRow) =>
  db.insertInto('prompt_test_runs').values(row).execute();

/** The runs of one version, newest first (bounded: a board reads the latest of each case and model). */
export const runsOfVersion = (db: Kysely<DB>, promptId: string, version: number, limit = 1000) =>
  db
    .selectFrom('prompt_test_runs')
    .selectAll()
    .where('prompt_id', '=', promptId)
    .where('version', '=', version)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const latestRuns = (db: Kysely<DB>, promptId: string, limit: number) =>
  db
    .selectFrom('prompt_test_runs')
    .selectAll()
    .where('prompt_id', '=', promptId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** What a creator's runs cost this month, in millionths of the currency. */
export async function spentMicros(db: Kysely<DB>, authorId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_test_runs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cost_micros'), sql<number>`0`).as('s'))
    .where('author_id', '=', authorId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}

/** Every creator's test runs since a day (the admin's figure): their cost and number. */
export async function spentSince(db: Kysely<DB>, fromDay: string) {
  const row = await db
    .selectFrom('prompt_test_runs')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('cost_micros'), sql<number>`0`).as('micros'),
      eb.fn.countAll<number>().as('runs'),
    ])
    .where('created_at', '>=', fromDay)
    .executeTakeFirst();
  return { micros: Number(row?.micros ?? 0), runs: Number(row?.runs ?? 0) };
}

export const findSchedule = (db: Kysely<DB>, promptId: string) =>
  db.selectFrom('prompt_test_schedule').selectAll().where('prompt_id', '=', promptId).executeTakeFirst();

/** Makes the prompt's tests due at `dueAt` (now: at once), keeping what it knew of their failures. */
export async function makeDue(db: Kysely<DB>, promptId: string, dueAt: string, now: string) {
  await db
    .insertInto('prompt_test_schedule')
    .values({ prompt_id: promptId, due_at: dueAt, failing: 0, stopped: null, updated_at: now })
    .onConflict((oc) => oc.column('prompt_id').doUpdateSet({ due_at: dueAt, updated_at: now }))
    .execute();
}

/**
 * Claims a due prompt: moves its due time on to `next` only if it is still due, so of several
 * runners (instances, or two jobs at once) exactly one runs it.
 */
export async function claim(db: Kysely<DB>, promptId: string, now: string, next: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('prompt_test_schedule')
    .set({ due_at: next, updated_at: now })
    .where('prompt_id', '=', promptId)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}

/** Published prompts with test cases whose tests are due. */
export const duePrompts = (db: Kysely<DB>, now: string, limit: number) =>
  db
    .selectFrom('prompt_test_schedule as s')
    .innerJoin('prompts as p', 'p.id', 's.prompt_id')
    .select('s.prompt_id')
    .where('s.due_at', '<=', now)
    .where('p.status', '=', 'published')
    .where((eb) =>
      eb.exists(
        eb.selectFrom('prompt_test_cases as c').select('c.id').whereRef('c.prompt_id', '=', 's.prompt_id'),
      ),
    )
    .orderBy('s.due_at')
    .limit(limit)
    .execute();

/**
 * Tested prompts that have no run on one of the models tests now run on (the operator mapped a
 * choice to another model, or a provider came back): due now. A prompt stopped by its budget waits
 * for its own schedule, so an empty budget is not asked again every hour.
 */
export async function makeDueForModels(db: Kysely<DB>, modelKeys: string[], now: string): Promise<number> {
  if (modelKeys.length === 0) return 0;
  const runs = (eb: ExpressionBuilder<DB & { s: PromptTestScheduleTable }, 's'>) =>
    eb.selectFrom('prompt_test_runs as r').select('r.id').whereRef('r.prompt_id', '=', 's.prompt_id');
  const { numUpdatedRows } = await db
    .updateTable('prompt_test_schedule as s')
    .set({ due_at: now, updated_at: now })
    .where('s.due_at', '>', now)
    .where('s.stopped', 'is', null)
    .where((eb) => eb.exists(runs(eb)))
    .where((eb) => eb.or(modelKeys.map((key) => eb.not(eb.exists(runs(eb).where('r.model_key', '=', key))))))
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

export async function setStopped(db: Kysely<DB>, promptId: string, stopped: string | null, now: string) {
  await db
    .updateTable('prompt_test_schedule')
    .set({ stopped, updated_at: now })
    .where('prompt_id', '=', promptId)
    .execute();
}

/** Sets the failing flag; true when it changed (so a change is acted on once). */
export async function setFailing(db: Kysely<DB>, promptId: string, failing: boolean): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('prompt_test_schedule')
    .set({ failing: failing ? 1 : 0 })
    .where('prompt_id', '=', promptId)
    .where('failing', '=', failing ? 0 : 1)
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}

/** The card's badge (a write moves the catalogue's content version: the caller writes a change only). */
export const writeBadge = (
  db: Kysely<DB>,
  promptId: string,
  badge: { tested_on: string | null; tested_at: string | null; test_board: string },
) => db.updateTable('prompts').set(badge).where('id', '=', promptId).execute();

export const findBadge = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompts')
    .select(['tested_on', 'tested_at', 'test_board'])
    .where('id', '=', promptId)
    .executeTakeFirst();

export const findAuthor = (db: Kysely<DB>, id: string) =>
  db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();

export const planBudgetMinor = async (db: Kysely<DB>, planId: string) =>
  Number(
    (await db.selectFrom('plans').select('test_budget_minor').where('id', '=', planId).executeTakeFirst())
      ?.test_budget_minor ?? 0,
  );
