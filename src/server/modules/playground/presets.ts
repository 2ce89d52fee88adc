import type { z } from 'zod';
import type { Preset, PresetInputSchema } from '../../../shared/playground-settings';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import type { PlaygroundContext } from './deps';
import { planModels, resolveModel } from './model-access';
import * as repo from './presets-repository';
import { settingsOf } from './sessions';

/** A user's saved chat starting points: a name, a model and session settings. Each user sees only theirs. */

type PresetInput = z.output<typeof PresetInputSchema>;

const PRESET_NOT_FOUND = 'This preset could not be found.';
export const MAX_PRESETS = 50;

const toPreset = (row: repo.PresetRow): Preset => ({
  id: row.id,
  name: row.name,
  model: row.model,
  settings: settingsOf(row.settings),
  updatedAt: row.updated_at,
});

/** The preset's model must be one the user's plan offers, and its name unused among their presets. */
async function check(deps: PlaygroundContext, auth: AuthContext, input: PresetInput, id: string | null) {
  const plan = await deps.allowanceOf(auth);
  resolveModel(deps.models, await planModels(deps.db, plan.planId ?? null), input.model);
  const same = await repo.findPresetByName(deps.db, auth.userId, input.name);
  if (same && same.id !== id) {
    throw new AppError('VALIDATION_ERROR', 'You already have a preset with this name.', {
      status: 409,
      details: [{ field: 'name', message: 'You already have a preset with this name.' }],
    });
  }
}

export async function listPresets(deps: PlaygroundContext, auth: AuthContext): Promise<Preset[]> {
  return (await repo.listPresets(deps.db, auth.userId)).map(toPreset);
}

export async function createPreset(deps: PlaygroundContext, auth: AuthContext, input: PresetInput) {
  await check(deps, auth, input, null);
  if ((await repo.listPresets(deps.db, auth.userId)).length >= MAX_PRESETS) {
    throw new AppError('VALIDATION_ERROR', `You can keep at most ${MAX_PRESETS} presets.`);
  }
  const now = nowIso();
  const row = {
    id: newId(),
    user_id: auth.userId,
    name: input.name,
    model: input.model,
    settings: JSON.stringify(input.settings),
    created_at: now,
    updated_at: now,
  };
  await repo.insertPreset(deps.db, row);
  return toPreset(row);
}

export async function updatePreset(
  deps: PlaygroundContext,
  auth: AuthContext,
  id: string,
  input: PresetInput,
) {
  if (!(await repo.findPreset(deps.db, id, auth.userId)))
    throw new AppError('NOT_FOUND_ERROR', PRESET_NOT_FOUND);
  await check(deps, auth, input, id);
  const change = {
    name: input.name,
    model: input.model,
    settings: JSON.stringify(input.settings),
    updated_at: nowIso(),
  };
  await repo.updatePreset(deps.db, id, auth.userId, change);
  return toPreset((await repo.findPreset(deps.db, id, auth.userId))!);
}

export async function deletePreset(deps: PlaygroundContext, auth: AuthContext, id: string) {
  if (!(await repo.deletePreset(deps.db, id, auth.userId)))
    throw new AppError('NOT_FOUND_ERROR', PRESET_NOT_FOUND);
}
