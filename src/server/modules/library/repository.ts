import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of "My library": the prompts a user bought, liked and remixed, with what the list shows. */

const promptColumns = [
  'p.id',
  'p.slug',
  'p.title',
  'p.description',
  'p.content',
  'p.category',
  'p.type',
  'p.status',
  'p.licence',
  'p.author_id',
  'p.remix_of',
  'p.team_id',
  'p.updated_at',
  'u.name as author_name',
] as const;

const base = (db: Kysely<DB>) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(promptColumns)
    .select((eb) =>
      eb
        .selectFrom('prompt_versions as v')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('v.prompt_id', '=', 'p.id')
        .as('kept_versions'),
    );

export type LibraryRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** Prompts the user holds a live (not refunded) purchase of. */
export const bought = (db: Kysely<DB>, userId: string) =>
  base(db)
    .innerJoin('purchases as b', 'b.prompt_id', 'p.id')
    .where('b.buyer_id', '=', userId)
    .where('b.revoked_at', 'is', null)
    .execute();

export const liked = (db: Kysely<DB>, userId: string) =>
  base(db).innerJoin('prompt_likes as l', 'l.prompt_id', 'p.id').where('l.user_id', '=', userId).execute();

/** The user's own remixes. */
export const remixed = (db: Kysely<DB>, userId: string) =>
  base(db).where('p.author_id', '=', userId).where('p.remix_of', 'is not', null).execute();

export const titlesOf = async (db: Kysely<DB>, ids: string[]) =>
  ids.length === 0
    ? []
    : db.selectFrom('prompts').select(['id', 'slug', 'title']).where('id', 'in', ids).execute();
