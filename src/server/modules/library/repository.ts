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

/**
 * A library row, with when the prompt joined the library for this reason (none for a remix) and, for
 * a team's purchase, the team's name.
 */
export type LibraryRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number] & {
  since: string | null;
  team_name?: string | null;
};

/**
 * Prompts the user holds a live (not refunded) purchase of: their own, and their team's while they
 * are a member of it (decision 063, read per request: leaving takes them out at once); `only` keeps
 * one prompt.
 */
export const bought = (db: Kysely<DB>, userId: string, only?: string): Promise<LibraryRow[]> =>
  base(db)
    .innerJoin('purchases as b', 'b.prompt_id', 'p.id')
    .leftJoin('teams as t', 't.id', 'b.team_id')
    .select(['b.created_at as since', 't.name as team_name'])
    .where((eb) =>
      eb.or([
        eb('b.buyer_id', '=', userId),
        eb('b.team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId)),
      ]),
    )
    .where('b.revoked_at', 'is', null)
    .$if(only !== undefined, (q) => q.where('p.id', '=', only!))
    .execute();

/** A team's library, for its API key (decision 071): what the team bought and its own prompts. */
export const boughtByTeam = (db: Kysely<DB>, teamId: string, only?: string): Promise<LibraryRow[]> =>
  base(db)
    .innerJoin('purchases as b', 'b.prompt_id', 'p.id')
    .innerJoin('teams as t', 't.id', 'b.team_id')
    .select(['b.created_at as since', 't.name as team_name'])
    .where('b.team_id', '=', teamId)
    .where('b.revoked_at', 'is', null)
    .$if(only !== undefined, (q) => q.where('p.id', '=', only!))
    .execute();

export const teamPrompts = async (db: Kysely<DB>, teamId: string, only?: string): Promise<LibraryRow[]> =>
  (
    await base(db)
      .where('p.team_id', '=', teamId)
      .$if(only !== undefined, (q) => q.where('p.id', '=', only!))
      .execute()
  ).map((row) => ({ ...row, since: null }));

export const liked = (db: Kysely<DB>, userId: string, only?: string): Promise<LibraryRow[]> =>
  base(db)
    .innerJoin('prompt_likes as l', 'l.prompt_id', 'p.id')
    .select('l.created_at as since')
    .where('l.user_id', '=', userId)
    .$if(only !== undefined, (q) => q.where('p.id', '=', only!))
    .execute();

/** The user's own remixes. */
export const remixed = async (db: Kysely<DB>, userId: string, only?: string): Promise<LibraryRow[]> =>
  (
    await base(db)
      .where('p.author_id', '=', userId)
      .where('p.remix_of', 'is not', null)
      .$if(only !== undefined, (q) => q.where('p.id', '=', only!))
      .execute()
  ).map((row) => ({ ...row, since: null }));

/** When each kept version of the prompts was replaced by the next (its row's creation). */
export const replacedAt = async (db: Kysely<DB>, promptIds: string[]) =>
  promptIds.length === 0
    ? []
    : db
        .selectFrom('prompt_versions')
        .select(['prompt_id', 'created_at'])
        .where('prompt_id', 'in', promptIds)
        .execute();

/** The newest version of each prompt the user opened. */
export const seenOf = async (db: Kysely<DB>, userId: string, promptIds: string[]) =>
  promptIds.length === 0
    ? []
    : db
        .selectFrom('library_seen')
        .select(['prompt_id', 'version'])
        .where('user_id', '=', userId)
        .where('prompt_id', 'in', promptIds)
        .execute();

/** Records that the user opened `version` of a prompt; an older version never replaces a newer one. */
export const markSeen = (db: Kysely<DB>, userId: string, promptId: string, version: number, now: string) =>
  db
    .insertInto('library_seen')
    .values({ user_id: userId, prompt_id: promptId, version, seen_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'prompt_id'])
        .doUpdateSet({ version, seen_at: now })
        .where('library_seen.version', '<', version),
    )
    .execute();

export const titlesOf = async (db: Kysely<DB>, ids: string[]) =>
  ids.length === 0
    ? []
    : db.selectFrom('prompts').select(['id', 'slug', 'title']).where('id', 'in', ids).execute();
