import type { z } from 'zod';
import type { PresetInputSchema, StartPreset } from '../../../shared/playground-settings';
import { recordAudit } from '../../lib/audit';
import { nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import type { PlaygroundContext, PlaygroundDeps } from './deps';
import { EVERY_MODEL, planModels, resolveModel, usableOrDefault } from './model-access';
import * as repo from './presets-repository';
import { settingsOf } from './sessions';

/*
 * The admin's default preset (decision 065): one name, model and settings for the site, which a new
 * chat starts from when its user picks no preset of their own. The admin may name any configured
 * model; each user gets it only when their plan offers it (model-access.ts decides), and otherwise
 * the preset's settings on their plan's default model, told which model their plan lacks.
 */

type PresetInput = z.output<typeof PresetInputSchema>;
type Actor = { userId: string; ip: string };

/** The stored default preset, as the admin set it; null when there is none. */
export async function getDefaultPreset(deps: Pick<PlaygroundDeps, 'db'>) {
  const row = await repo.findDefaultPreset(deps.db);
  return row
    ? { name: row.name, model: row.model, settings: settingsOf(row.settings), updatedAt: row.updated_at }
    : null;
}

/** The default preset as it applies to this user's plan; null when there is none. */
export async function startPresetFor(
  deps: PlaygroundContext,
  auth: AuthContext,
): Promise<StartPreset | null> {
  const preset = await getDefaultPreset(deps);
  if (!preset) return null;
  const plan = await deps.allowanceOf(auth);
  const usable = usableOrDefault(deps.models, await planModels(deps.db, plan.planId ?? null), preset.model);
  if (!usable) return null;
  return {
    name: preset.name,
    model: usable.model,
    settings: preset.settings,
    replacedModel: usable.replaced,
  };
}

const actorOf = (deps: Pick<PlaygroundDeps, 'db'>, userId: string) =>
  deps.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

/** Sets the default preset (an admin's action, audited); its model must be a configured one. */
export async function setDefaultPreset(
  deps: Pick<PlaygroundDeps, 'db' | 'models'>,
  actor: Actor,
  input: PresetInput,
) {
  resolveModel(deps.models, EVERY_MODEL, input.model);
  const before = await getDefaultPreset(deps);
  const row = {
    name: input.name,
    model: input.model,
    settings: JSON.stringify(input.settings),
    updated_by: actor.userId,
    updated_at: nowIso(),
  };
  await deps.db.transaction().execute(async (trx) => {
    await repo.saveDefaultPreset(trx, row);
    await recordAudit(trx, {
      actor: await actorOf({ db: trx }, actor.userId),
      action: 'playground.default-preset',
      targetType: 'settings',
      targetId: 'default-preset',
      before,
      after: { name: input.name, model: input.model, settings: input.settings },
      ip: actor.ip,
    });
  });
  return (await getDefaultPreset(deps))!;
}

/** Removes the default preset: new chats start from the playground's own settings again. */
export async function clearDefaultPreset(deps: Pick<PlaygroundDeps, 'db'>, actor: Actor) {
  const before = await getDefaultPreset(deps);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteDefaultPreset(trx))) return;
    await recordAudit(trx, {
      actor: await actorOf({ db: trx }, actor.userId),
      action: 'playground.default-preset',
      targetType: 'settings',
      targetId: 'default-preset',
      before,
      after: null,
      ip: actor.ip,
    });
  });
}
