import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of a prompt's versions as its page shows them: the prompt's row is the newest. */

/** The newest version: the prompt's own columns. */
export const findNewest = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompts')
    .select(['title', 'description', 'content', 'version_note', 'version_at', 'created_at'])
    .where('id', '=', promptId)
    .executeTakeFirstOrThrow();

/** The kept (earlier) versions, oldest first, without their text. */
export const listKept = (db: Kysely<DB>, promptId: string) =>
  db
    .selectFrom('prompt_versions')
    .select(['version', 'note', 'made_at', 'created_at'])
    .where('prompt_id', '=', promptId)
    .orderBy('version')
    .execute();

export const findKept = (db: Kysely<DB>, promptId: string, version: number) =>
  db
    .selectFrom('prompt_versions')
    .select(['version', 'note', 'made_at', 'created_at', 'title', 'description', 'content'])
    .where('prompt_id', '=', promptId)
    .where('version', '=', version)
    .executeTakeFirst();
