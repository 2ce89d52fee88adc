import type { Kysely } from 'kysely';
import { MODELS } from '../../../shared/constants';
import { UNKNOWN_MODEL_MESSAGE } from '../../../shared/playground';
import type { DB } from '../../db/types';
import type { ModelPrice } from '../../integrations/ai/ai-config';
import type { ModelEntry, ModelRegistry } from '../../integrations/ai/providers';
import { AppError } from '../../lib/errors';

/*
 * The one owner of "which models a plan may use, which is its default, and what a reply costs"
 * (issue 51's rule 12). A plan without rows in plan_models may use every configured model; admins
 * (no plan) may use every model. The spec's choices (claude, chatgpt, perplexity) name the models the
 * operator mapped them to.
 */

export interface PlanModels {
  /** The model keys the plan may use; null: every configured model. */
  keys: Set<string> | null;
  defaultKey: string | null;
}

export const EVERY_MODEL: PlanModels = { keys: null, defaultKey: null };

export async function planModels(db: Kysely<DB>, planId: string | null): Promise<PlanModels> {
  if (!planId) return EVERY_MODEL;
  const rows = await db
    .selectFrom('plan_models')
    .select(['model_key', 'is_default'])
    .where('plan_id', '=', planId)
    .execute();
  if (rows.length === 0) return EVERY_MODEL;
  return {
    keys: new Set(rows.map((r) => r.model_key)),
    defaultKey: rows.find((r) => r.is_default === 1)?.model_key ?? null,
  };
}

export const mayUse = (rules: PlanModels, key: string) => rules.keys === null || rules.keys.has(key);

/** The model a chat asks for (a choice or a key), if it exists and the plan may use it. */
export function resolveModel(registry: ModelRegistry, rules: PlanModels, ref: string): ModelEntry {
  const entry = registry.find(ref);
  if (!entry) {
    throw new AppError('VALIDATION_ERROR', UNKNOWN_MODEL_MESSAGE, {
      details: [{ field: 'model', message: UNKNOWN_MODEL_MESSAGE }],
    });
  }
  if (!mayUse(rules, entry.key)) {
    throw new AppError(
      'AUTHORIZATION_ERROR',
      `Your plan does not include ${entry.name}. Please choose another model.`,
    );
  }
  return entry;
}

/** The models a plan offers, as the API lists them: the spec's choices first, then the rest by key. */
export function offeredModels(registry: ModelRegistry, rules: PlanModels) {
  const byChoice = new Map<string, string>();
  for (const choice of MODELS) byChoice.set(registry.choices[choice], choice);
  const defaultKey =
    rules.defaultKey && mayUse(rules, rules.defaultKey)
      ? rules.defaultKey
      : mayUse(rules, registry.choices.claude)
        ? registry.choices.claude
        : null;
  const listed: { id: string; entry: ModelEntry }[] = [];
  for (const choice of MODELS) {
    const entry = registry.find(choice);
    if (entry && mayUse(rules, entry.key)) listed.push({ id: choice, entry });
  }
  for (const entry of registry.list()) {
    if (!byChoice.has(entry.key) && mayUse(rules, entry.key)) listed.push({ id: entry.key, entry });
  }
  return listed.map(({ id, entry }) => ({
    id,
    key: entry.key,
    name: entry.name,
    provider: entry.provider,
    modelId: entry.modelId,
    live: entry.live,
    capabilities: entry.capabilities,
    available: registry.status(entry.key) !== 'unavailable',
    default: entry.key === (defaultKey ?? listed[0]?.entry.key),
  }));
}

/**
 * `ref` when the plan may use it, else the plan's default model (as the model list marks it): what a
 * chat started from an admin's preset falls back to. `replaced` names the model the plan lacks (or
 * the configuration no longer has). Null when the plan offers no model at all.
 */
export function usableOrDefault(registry: ModelRegistry, rules: PlanModels, ref: string) {
  const entry = registry.find(ref);
  if (entry && mayUse(rules, entry.key)) return { model: ref, replaced: null };
  const offered = offeredModels(registry, rules);
  const fallback = offered.find((m) => m.default) ?? offered[0];
  return fallback ? { model: fallback.id, replaced: entry?.name ?? ref } : null;
}

/**
 * The models each plan may use, by key and name in the order the playground lists them: what the
 * plan cards and the admin panel show (issue 59). One read of plan_models for every plan.
 */
export async function modelsByPlan(
  db: Kysely<DB>,
  registry: ModelRegistry,
): Promise<(planId: string) => { key: string; name: string }[]> {
  const rows = await db.selectFrom('plan_models').select(['plan_id', 'model_key']).execute();
  const keys = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = keys.get(r.plan_id) ?? new Set<string>();
    set.add(r.model_key);
    keys.set(r.plan_id, set);
  }
  return (planId) => {
    const chosen = keys.get(planId);
    const rules: PlanModels = chosen ? { keys: chosen, defaultKey: null } : EVERY_MODEL;
    return offeredModels(registry, rules).map((m) => ({ key: m.key, name: m.name }));
  };
}

/** A model's price: the admin's, or its configured default. */
export async function priceOf(db: Kysely<DB>, entry: ModelEntry): Promise<ModelPrice> {
  const row = await db
    .selectFrom('model_prices')
    .select(['input_micros', 'output_micros'])
    .where('model_key', '=', entry.key)
    .executeTakeFirst();
  return row ? { inputMicros: row.input_micros, outputMicros: row.output_micros } : entry.defaultPrice;
}

/** What a reply cost, in millionths of the currency: tokens times the price per million, rounded. */
export const costMicros = (price: ModelPrice, input: number, output: number) =>
  Math.round((input * price.inputMicros + output * price.outputMicros) / 1_000_000);
