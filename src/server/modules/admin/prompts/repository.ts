import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Category, PromptStatus, PromptType } from '../../../../shared/constants';
import type { DB } from '../../../db/types';

/** All SQL of the admin marketplace section: every prompt whatever its status, with author and revenue. */

export interface AdminPromptFilters {
  search?: string;
  /** The search's words as the marketplace matches them (its searchCondition), when any can match. */
  matches?: RawBuilder<boolean>;
  status?: PromptStatus;
  category?: Category;
  type?: PromptType;
}

function filtered(db: Kysely<DB>, f: AdminPromptFilters) {
  let q = db.selectFrom('prompts as p').innerJoin('users as u', 'u.id', 'p.author_id');
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.category) q = q.where('p.category', '=', f.category);
  if (f.type) q = q.where('p.type', '=', f.type);
  if (f.search) {
    // The words as the marketplace's search matches them (word forms, typos, split and joined
    // words), or the author's e-mail (case-insensitive, LIKE wildcards taken literally), or the id.
    const pattern = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const words = f.matches ? [f.matches] : [];
    q = q.where((eb) =>
      eb.or([...words, sql<boolean>`lower(u.email) like ${pattern} escape '\\'`, eb('p.id', '=', f.search!)]),
    );
  }
  return q;
}

const withFigures = (db: Kysely<DB>, f: AdminPromptFilters) =>
  filtered(db, f)
    .selectAll('p')
    .select(['u.name as author_name', 'u.email as author_email'])
    .select((eb) => [
      eb
        .selectFrom('purchases')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('purchases.prompt_id', '=', 'p.id')
        .where('purchases.revoked_at', 'is', null)
        .as('buyers'),
      eb
        .selectFrom('creator_earnings')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount_minor'), sql<number>`0`).as('s'))
        .whereRef('creator_earnings.prompt_id', '=', 'p.id')
        .as('earned_minor'),
      // The listing it nearly copies (decision 058), for the moderators' flag.
      eb
        .selectFrom('prompts as d')
        .select('d.title')
        .whereRef('d.id', '=', 'p.duplicate_of')
        .as('duplicate_title'),
      eb
        .selectFrom('prompts as d')
        .select('d.slug')
        .whereRef('d.id', '=', 'p.duplicate_of')
        .as('duplicate_slug'),
    ]);

export type AdminPromptRow = Awaited<ReturnType<ReturnType<typeof withFigures>['executeTakeFirstOrThrow']>>;

export async function listPrompts(
  db: Kysely<DB>,
  f: AdminPromptFilters & { page: number; limit: number },
): Promise<{ rows: AdminPromptRow[]; total: number }> {
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await withFigures(db, f)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

export const findPrompt = (db: Kysely<DB>, id: string) =>
  withFigures(db, {})
    .where((eb) => eb.or([eb('p.id', '=', id), eb('p.slug', '=', id)]))
    .executeTakeFirst();

/** The stat cards over the whole catalogue. */
export async function catalogueStats(db: Kysely<DB>) {
  const count = (cond: ReturnType<typeof sql<number>>) =>
    sql<number>`sum(case when ${cond} then 1 else 0 end)`;
  const row = await db
    .selectFrom('prompts')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      count(sql`status = 'published'`).as('published'),
      count(sql`status = 'draft'`).as('pending'),
      count(sql`status = 'archived'`).as('archived'),
      count(sql`status = 'rejected'`).as('rejected'),
      count(sql`featured = 1`).as('featured'),
      count(sql`type = 'premium'`).as('premium'),
    ])
    .executeTakeFirst();
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    pending: Number(row?.pending ?? 0),
    archived: Number(row?.archived ?? 0),
    rejected: Number(row?.rejected ?? 0),
    featured: Number(row?.featured ?? 0),
    premium: Number(row?.premium ?? 0),
  };
}

export const findActor = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
