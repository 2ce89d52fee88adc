import type { Kysely } from 'kysely';
import { compiledOnceRow } from '../../db/precompiled';
import type { DB } from '../../db/types';
import { CARD_COLUMNS } from './cards-repository';

/*
 * All SQL of a prompt's page but its likes, downloads (engagement-repository.ts) and reviews
 * (reviews-repository.ts): the prompt, its author's count, its counters. A prompt's page, a like and
 * a download run these on every call (a like sets off a rebuild of the page too): they are compiled
 * once (db/precompiled.ts, decision 028).
 */

/** A prompt by id or slug, with everything its page shows (and its text, which the service guards). */
export const findPromptByIdOrSlug = compiledOnceRow(1, (db, idOrSlug: string) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      ...CARD_COLUMNS,
      'p.content',
      'p.status',
      'p.updated_at',
      'p.test_board',
      'p.team_id',
      'u.bio as author_bio',
      'p.licence',
      'p.remix_of',
    ])
    .select((eb) =>
      eb
        .selectFrom('prompts as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.remix_of', '=', 'p.id')
        .as('remix_count'),
    )
    .where((eb) => eb.or([eb('p.id', '=', idOrSlug), eb('p.slug', '=', idOrSlug)])),
);

export type PromptDetailRow = NonNullable<Awaited<ReturnType<typeof findPromptByIdOrSlug>>>;

const sourceOf = compiledOnceRow(1, (db, id: string) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(['p.id', 'p.slug', 'p.title', 'p.status', 'u.name as author_name'])
    .where('p.id', '=', id),
);

/** The prompt a remix was made from, as its "based on" link shows it. */
export const findRemixSourceLink = (db: Kysely<DB>, id: string) => sourceOf(db, id);

const publishedByAuthor = compiledOnceRow(1, (db, authorId: string) =>
  db
    .selectFrom('prompts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('status', '=', 'published'),
);

export async function countPublishedByAuthor(db: Kysely<DB>, authorId: string): Promise<number> {
  return Number((await publishedByAuthor(db, authorId))?.n ?? 0);
}

const countersOf = compiledOnceRow(1, (db, promptId: string) =>
  db
    .selectFrom('prompts')
    .select(['likes_count', 'downloads_count', 'views_count', 'rating_sum', 'rating_count', 'rating_avg'])
    .where('id', '=', promptId),
);

/** A prompt's counters, or undefined when it is gone. */
export const findPromptCounters = (db: Kysely<DB>, promptId: string) => countersOf(db, promptId);

export async function promptCounters(db: Kysely<DB>, promptId: string) {
  const row = await countersOf(db, promptId);
  if (!row) throw new Error(`prompt ${promptId} not found`);
  return row;
}
