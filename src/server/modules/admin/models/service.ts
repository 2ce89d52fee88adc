import type { Kysely } from 'kysely';
import { MODELS } from '../../../../shared/constants';
import type { AdminModel, CostReport } from '../../../../shared/admin-models';
import type { AdminDefaultPreset } from '../../../../shared/playground-settings';
import type { DB } from '../../../db/types';
import type { ModelRegistry } from '../../../integrations/ai/providers';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import * as repo from './repository';
import { testSpendSince } from '../../prompt-tests/service';
import { modelsByPlan } from '../../playground/model-access';
import { getDefaultPreset } from '../../playground/service';

/*
 * The admin's models (issue 52): what is configured, whether it answers, what it costs, which plans
 * may use it; and what the playground cost. Prices are stored in millionths of the currency per
 * million tokens and shown in the currency's major unit.
 */

const toMajor = (micros: number) => micros / 1_000_000;
const toMicros = (major: number) => Math.round(major * 1_000_000);

export async function listModels(db: Kysely<DB>, registry: ModelRegistry): Promise<AdminModel[]> {
  const [prices, planRows] = await Promise.all([repo.listPrices(db), repo.listPlanModels(db)]);
  const priceOf = new Map(prices.map((p) => [p.model_key, p]));
  return registry.list().map((e) => {
    const custom = priceOf.get(e.key);
    return {
      key: e.key,
      name: e.name,
      provider: e.provider,
      providerId: e.providerId,
      modelId: e.modelId,
      live: e.live,
      status: registry.status(e.key),
      source: e.source,
      capabilities: e.capabilities,
      choices: MODELS.filter((c) => registry.choices[c] === e.key),
      price: {
        input: toMajor(custom?.input_micros ?? e.defaultPrice.inputMicros),
        output: toMajor(custom?.output_micros ?? e.defaultPrice.outputMicros),
        custom: custom !== undefined,
      },
      plans: planRows
        .filter((r) => r.model_key === e.key)
        .map((r) => ({ planId: r.plan_id, default: r.is_default === 1 })),
    };
  });
}

type Actor = { userId: string; ip: string };

/** The default chat preset (decision 065) and the plans whose users start it on another model. */
export async function defaultPresetView(
  db: Kysely<DB>,
  registry: ModelRegistry,
): Promise<AdminDefaultPreset> {
  const preset = await getDefaultPreset({ db });
  if (!preset) return { preset: null, plansWithout: [] };
  const [plans, offered] = await Promise.all([repo.listPlanNames(db), modelsByPlan(db, registry)]);
  const key = registry.find(preset.model)?.key;
  return { preset, plansWithout: plans.filter((p) => !offered(p.id).some((m) => m.key === key)) };
}

export async function setPrice(
  db: Kysely<DB>,
  registry: ModelRegistry,
  actor: Actor,
  input: { key: string; input: number; output: number },
) {
  const entry = registry.find(input.key);
  if (!entry || entry.key !== input.key) throw new AppError('NOT_FOUND_ERROR', 'Model not found');
  await db.transaction().execute(async (trx) => {
    const row = {
      model_key: entry.key,
      input_micros: toMicros(input.input),
      output_micros: toMicros(input.output),
      updated_at: nowIso(),
    };
    await repo.upsertPrice(trx, row);
    await recordAudit(trx, {
      actor: await actorOf(trx, actor.userId),
      action: 'model.price',
      targetType: 'settings',
      targetId: entry.key,
      after: { input: input.input, output: input.output },
      ip: actor.ip,
    });
  });
}

export async function setPlanModels(
  db: Kysely<DB>,
  registry: ModelRegistry,
  actor: Actor,
  planId: string,
  input: { models: string[]; default: string | null },
) {
  const unknown = [...input.models, ...(input.default ? [input.default] : [])].filter(
    (key) => registry.find(key)?.key !== key,
  );
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_ERROR', `Unknown model: ${unknown[0]}`, {
      details: [{ field: 'models', message: `Unknown model: ${unknown[0]}` }],
    });
  }
  const models = [...new Set(input.default ? [...input.models, input.default] : input.models)];
  await db.transaction().execute(async (trx) => {
    const plan = await repo.findPlan(trx, planId);
    if (!plan) throw new AppError('NOT_FOUND_ERROR', 'Plan not found');
    await repo.replacePlanModels(trx, planId, models, input.default);
    await recordAudit(trx, {
      actor: await actorOf(trx, actor.userId),
      action: 'plan.models',
      targetType: 'plan',
      targetId: planId,
      after: { models, default: input.default },
      ip: actor.ip,
    });
  });
  return { planId, models, default: input.default };
}

const actorOf = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

const row = (r: {
  cost: number | string;
  replies: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
}) => ({
  cost: toMajor(Number(r.cost)),
  replies: Number(r.replies),
  inputTokens: Number(r.input_tokens),
  outputTokens: Number(r.output_tokens),
});

export async function costReport(db: Kysely<DB>, days: number, currency: string): Promise<CostReport> {
  const from = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const [total, byDay, byModel, byPlan, topUsers, tests] = await Promise.all([
    repo.costTotal(db, from),
    repo.costByDay(db, from),
    repo.costByModel(db, from),
    repo.costByPlan(db, from),
    repo.topUsersByCost(db, from, 10),
    testSpendSince(db, from),
  ]);
  return {
    currency,
    from,
    total: row(total),
    byDay: byDay.map((r) => ({ day: r.day, ...row(r) })),
    byModel: byModel.map((r) => ({ model: r.model, ...row(r) })),
    byPlan: byPlan.map((r) => ({ planId: r.plan_id, plan: r.plan_name ?? 'No plan (admin)', ...row(r) })),
    topUsers: topUsers.map((r) => ({ userId: r.id, name: r.name, email: r.email, ...row(r) })),
    testRuns: { cost: toMajor(tests.micros), runs: tests.runs },
  };
}
