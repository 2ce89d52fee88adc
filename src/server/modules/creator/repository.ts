import { type Kysely, sql } from 'kysely';
import type { PromptStatus } from '../../../shared/constants';
import type { DB, NewPrompt, PromptRow } from '../../db/types';

/** All SQL of the creator studio: a creator's prompts, their versions and their figures. */

export const findOwnPrompt = (db: Kysely<DB>, id: string, authorId: string) =>
  db
    .selectFrom('prompts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('slug', '=', id)]))
    .where('author_id', '=', authorId)
    .executeTakeFirst();

/** What a remix reads of its source, by id or slug. */
export const findRemixSource = (db: Kysely<DB>, idOrSlug: string) =>
  db
    .selectFrom('prompts')
    .select([
      'id',
      'type',
      'status',
      'author_id',
      'licence',
      'title',
      'description',
      'content',
      'category',
      'tags',
      'team_id',
    ])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();

/** A prompt's whole row by id or slug, whoever wrote it. */
export const findPromptByIdOrSlug = (db: Kysely<DB>, id: string) =>
  db
    .selectFrom('prompts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('slug', '=', id)]))
    .executeTakeFirst();

/** A prompt's whole row by id (one the caller just wrote or found). */
export const findPrompt = (db: Kysely<DB>, id: string) =>
  db.selectFrom('prompts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What a link to a prompt needs: its id, slug and title. */
export interface PromptLink {
  id: string;
  slug: string;
  title: string;
}

export const promptLinks = async (db: Kysely<DB>, ids: string[]): Promise<PromptLink[]> =>
  ids.length === 0
    ? []
    : db.selectFrom('prompts').select(['id', 'slug', 'title']).where('id', 'in', ids).execute();

export async function slugTaken(db: Kysely<DB>, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('prompts').select('id').where('slug', '=', slug).executeTakeFirst());
}

export async function insertPrompt(db: Kysely<DB>, row: NewPrompt): Promise<void> {
  await db.insertInto('prompts').values(row).execute();
}

export async function updatePrompt(db: Kysely<DB>, id: string, changes: Partial<PromptRow>): Promise<void> {
  await db.updateTable('prompts').set(changes).where('id', '=', id).execute();
}

export async function deletePrompt(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('prompts').where('id', '=', id).execute();
}

/** The creator's share of a prompt's sales less refunds, in minor units (the earnings ledger). */
export async function earnedMinor(db: Kysely<DB>, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('creator_earnings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), sql<number>`0`).as('s'))
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}

export async function countBuyers(db: Kysely<DB>, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('prompt_id', '=', promptId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function nextVersion(db: Kysely<DB>, promptId: string): Promise<number> {
  const row = await db
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('prompt_id', '=', promptId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

export async function insertVersion(
  db: Kysely<DB>,
  v: {
    id: string;
    promptId: string;
    version: number;
    title: string;
    description: string;
    content: string;
    priceMinor: number;
    createdAt: string;
    note: string | null;
    madeAt: string;
  },
): Promise<void> {
  await db
    .insertInto('prompt_versions')
    .values({
      id: v.id,
      prompt_id: v.promptId,
      version: v.version,
      title: v.title,
      description: v.description,
      content: v.content,
      price_minor: v.priceMinor,
      created_at: v.createdAt,
      note: v.note,
      made_at: v.madeAt,
    })
    .execute();
}

export const listVersions = (db: Kysely<DB>, promptId: string) =>
  db.selectFrom('prompt_versions').selectAll().where('prompt_id', '=', promptId).orderBy('version').execute();

/** Every prompt of the creator's, oldest first (the export). */
export const allOwnPrompts = (db: Kysely<DB>, authorId: string) =>
  db
    .selectFrom('prompts')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** A page of the creator's prompts with buyer and version counts. */
export async function listOwnPrompts(
  db: Kysely<DB>,
  authorId: string,
  f: { status?: PromptStatus; page: number; limit: number },
) {
  let base = db.selectFrom('prompts as p').where('p.author_id', '=', authorId);
  if (f.status) base = base.where('p.status', '=', f.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('p')
    .select((eb) => [
      eb
        .selectFrom('purchases')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('purchases.prompt_id', '=', 'p.id')
        .where('purchases.revoked_at', 'is', null)
        .as('buyers'),
      eb
        .selectFrom('prompt_versions')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('prompt_versions.prompt_id', '=', 'p.id')
        .as('versions'),
      // The creator's share of its sales: the same figure the Overview and Analytics add up.
      eb
        .selectFrom('creator_earnings')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount_minor'), sql<number>`0`).as('s'))
        .whereRef('creator_earnings.prompt_id', '=', 'p.id')
        .as('earned_minor'),
    ])
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export type OwnPromptRow = Awaited<ReturnType<typeof listOwnPrompts>>['rows'][number];

/** Lifetime figures over all of a creator's prompts. */
export async function creatorTotals(db: Kysely<DB>, authorId: string) {
  const row = await db
    .selectFrom('prompts')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('views_count'), sql<number>`0`).as('views'),
      eb.fn.coalesce(eb.fn.sum<number>('likes_count'), sql<number>`0`).as('likes'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'published').then(1).else(0).end()).as('published'),
    ])
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  const revenue = await db
    .selectFrom('creator_earnings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), sql<number>`0`).as('revenue'))
    .where('creator_id', '=', authorId)
    .executeTakeFirst();
  return {
    views: Number(row?.views ?? 0),
    likes: Number(row?.likes ?? 0),
    published: Number(row?.published ?? 0),
    revenueMinor: Number(revenue?.revenue ?? 0),
  };
}

/** Daily figures of a creator's prompts between two UTC days (inclusive), per prompt and day. */
export const dailyStats = (db: Kysely<DB>, authorId: string, fromDay: string, toDay: string) =>
  db
    .selectFrom('prompt_daily_stats as d')
    .innerJoin('prompts as p', 'p.id', 'd.prompt_id')
    .select([
      'd.prompt_id',
      'd.day',
      'd.views',
      'd.likes',
      'd.downloads',
      'd.tries',
      'd.purchases',
      'd.revenue_minor',
    ])
    .where('p.author_id', '=', authorId)
    .where('d.day', '>=', fromDay)
    .where('d.day', '<=', toDay)
    .execute();

export async function viewsBetween(
  db: Kysely<DB>,
  authorId: string,
  fromDay: string,
  toDay: string,
): Promise<number> {
  const row = await db
    .selectFrom('prompt_daily_stats as d')
    .innerJoin('prompts as p', 'p.id', 'd.prompt_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('d.views'), sql<number>`0`).as('n'))
    .where('p.author_id', '=', authorId)
    .where('d.day', '>=', fromDay)
    .where('d.day', '<=', toDay)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const promptTitles = (db: Kysely<DB>, authorId: string) =>
  db
    .selectFrom('prompts')
    .select(['id', 'title', 'status'])
    .where('author_id', '=', authorId)
    .orderBy('title')
    .execute();

/** Prompts the user tried in the playground, latest try first, one row per prompt. */
export const recentTries = (db: Kysely<DB>, userId: string, limit: number) =>
  db
    .selectFrom('playground_sessions as s')
    .innerJoin('prompts as p', 'p.id', 's.prompt_id')
    .select((eb) => [
      'p.id',
      'p.title',
      'p.views_count',
      'p.likes_count',
      eb.fn.max('s.created_at').as('used_at'),
    ])
    .where('s.user_id', '=', userId)
    .groupBy(['p.id', 'p.title', 'p.views_count', 'p.likes_count'])
    .orderBy('used_at', 'desc')
    .limit(limit)
    .execute();

/** One kept (earlier) version of a prompt. */
export const findVersion = (db: Kysely<DB>, promptId: string, version: number) =>
  db
    .selectFrom('prompt_versions')
    .selectAll()
    .where('prompt_id', '=', promptId)
    .where('version', '=', version)
    .executeTakeFirst();

/**
 * Who hears of a prompt's new version: its buyers (a purchase not refunded, a team's for its
 * members) and, when asked, its
 * likers; never its author.
 */
export async function updateAudience(
  db: Kysely<DB>,
  promptId: string,
  authorId: string,
  withLikers: boolean,
): Promise<string[]> {
  // A team's purchase entitles its members as a buyer (decision 063): they hear of it too.
  const buyers = db
    .selectFrom('purchases')
    .select('buyer_id as user_id')
    .where('prompt_id', '=', promptId)
    .where('buyer_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .$narrowType<{ user_id: string }>()
    .union(
      db
        .selectFrom('purchases as pu')
        .innerJoin('team_members as m', 'm.team_id', 'pu.team_id')
        .select('m.user_id')
        .where('pu.prompt_id', '=', promptId)
        .where('pu.revoked_at', 'is', null),
    );
  const query = withLikers
    ? buyers.union(db.selectFrom('prompt_likes').select('user_id').where('prompt_id', '=', promptId))
    : buyers;
  const rows = await query.execute();
  return [...new Set(rows.map((r) => r.user_id))].filter((id) => id !== authorId);
}
