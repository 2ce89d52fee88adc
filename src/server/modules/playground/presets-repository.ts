import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All SQL of a user's chat presets (migration 0025). */

export const listPresets = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('playground_presets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .execute();

export type PresetRow = Awaited<ReturnType<typeof listPresets>>[number];

export const findPreset = (db: Kysely<DB>, id: string, userId: string) =>
  db
    .selectFrom('playground_presets')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const findPresetByName = (db: Kysely<DB>, userId: string, name: string) =>
  db
    .selectFrom('playground_presets')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();

export async function insertPreset(db: Kysely<DB>, row: PresetRow) {
  await db.insertInto('playground_presets').values(row).execute();
}

export async function updatePreset(
  db: Kysely<DB>,
  id: string,
  userId: string,
  change: Pick<PresetRow, 'name' | 'model' | 'settings' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('playground_presets')
    .set(change)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePreset(db: Kysely<DB>, id: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('playground_presets')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/* The admin's default preset (migration 0036): one row, id 'default'. */

const DEFAULT_ID = 'default';

export const findDefaultPreset = (db: Kysely<DB>) =>
  db
    .selectFrom('playground_default_preset')
    .select(['name', 'model', 'settings', 'updated_at'])
    .where('id', '=', DEFAULT_ID)
    .executeTakeFirst();

export async function saveDefaultPreset(
  db: Kysely<DB>,
  row: { name: string; model: string; settings: string; updated_by: string; updated_at: string },
) {
  await db
    .insertInto('playground_default_preset')
    .values({ id: DEFAULT_ID, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export async function deleteDefaultPreset(db: Kysely<DB>): Promise<boolean> {
  const result = await db
    .deleteFrom('playground_default_preset')
    .where('id', '=', DEFAULT_ID)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
