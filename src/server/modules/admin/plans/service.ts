import type { Kysely } from 'kysely';
import {
  type AdminPlan,
  type AdminPlanCreate,
  type AdminPlanList,
  type AdminPlanUpdate,
  PLAN_MESSAGES,
  type PlanSummary,
  iconForPlanName,
} from '../../../../shared/admin-plans';
import { type PlanFeature, UNLIMITED } from '../../../../shared/billing';
import { LIMITS } from '../../../../shared/constants';
import type { DB, PlanRow } from '../../../db/types';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import { assertPlanPrices, fromMinor, toMinor } from '../../../lib/money';
import { newId, nowIso } from '../../../lib/time';
import type { ModelRegistry } from '../../../integrations/ai/providers';
import { parseFeatures, toPlan } from '../../billing/service';
import { modelsByPlan } from '../../playground/model-access';
import * as repo from './repository';

export interface AdminActor {
  userId: string;
  ip: string | null;
}

function parseJsonList(json: string): unknown[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function serializeFeatures(features: PlanFeature[]): string {
  return JSON.stringify(features.every((f) => f.included) ? features.map((f) => f.name) : features);
}

interface Figures {
  subscribers: Map<string, number>;
  revenue: Map<string, number>;
}

type ModelsOf = (planId: string) => { key: string; name: string }[];

function toAdminPlan(row: PlanRow, figures: Figures, modelsOf: ModelsOf): AdminPlan {
  const revenueMinor = figures.revenue.get(row.id) ?? 0;
  return {
    ...toPlan(row, row.currency, modelsOf(row.id)),
    _id: row.id,
    limitations: parseJsonList(row.limitations).filter((l): l is string => typeof l === 'string'),
    maxUsers: row.max_users,
    maxProjects: row.max_projects,
    maxStorage: row.max_storage_gb,
    analytics: {
      totalSubscribers: figures.subscribers.get(row.id) ?? 0,
      totalRevenue: fromMinor(revenueMinor),
      totalRevenueMinor: revenueMinor,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Subscribers per plan; the free tier also counts the customers who hold no current subscription. */
async function figures(db: Kysely<DB>): Promise<Figures> {
  const now = nowIso();
  const [subscribers, revenue, customers, freeTier] = await Promise.all([
    repo.subscriberCounts(db, now),
    repo.revenueByPlan(db),
    repo.customerCounts(db, now),
    repo.findFreeTierPlanId(db),
  ]);
  if (freeTier) {
    subscribers.set(freeTier, (subscribers.get(freeTier) ?? 0) + customers.total - customers.subscribed);
  }
  return { subscribers, revenue };
}

export async function listAdminPlans(
  db: Kysely<DB>,
  currency: string,
  registry: ModelRegistry,
): Promise<AdminPlanList> {
  const [rows, f, modelsOf] = await Promise.all([
    repo.listPlans(db),
    figures(db),
    modelsByPlan(db, registry),
  ]);
  return { plans: rows.map((r) => toAdminPlan(r, f, modelsOf)), currency };
}

/** The Plans Management stat cards. */
export async function planSummary(db: Kysely<DB>, currency: string): Promise<PlanSummary> {
  const now = nowIso();
  const [rows, customers, paying] = await Promise.all([
    repo.listPlans(db),
    repo.customerCounts(db, now),
    repo.payingSubscriptions(db, now),
  ]);
  const monthlyMinor = Math.round(
    paying.reduce(
      (sum, s) => sum + (s.billing === 'annual' ? s.price_yearly_minor / 12 : s.price_monthly_minor),
      0,
    ),
  );
  return {
    totalPlans: rows.length,
    activePlans: rows.filter((r) => r.is_active === 1).length,
    totalSubscribers: customers.subscribed,
    totalUsers: customers.total,
    monthlyRevenue: fromMinor(monthlyMinor),
    monthlyRevenueMinor: monthlyMinor,
    conversionRate:
      customers.total === 0 ? 0 : Math.round((customers.subscribed / customers.total) * 1000) / 10,
    currency,
  };
}

function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'plan'
  );
}

async function uniqueSlug(db: Kysely<DB>, name: string): Promise<string> {
  const base = slugify(name);
  if (!(await repo.slugTaken(db, base))) return base;
  for (let i = 2; i < 50; i++) if (!(await repo.slugTaken(db, `${base}-${i}`))) return `${base}-${i}`;
  return `${base}-${newId().slice(0, 8)}`;
}

const sessionLimit = (allowance: number): number | null => (allowance === UNLIMITED ? null : allowance);

async function present(db: Kysely<DB>, id: string, registry: ModelRegistry): Promise<AdminPlan> {
  const row = await repo.findPlan(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', PLAN_MESSAGES.notFound);
  const [f, modelsOf] = await Promise.all([figures(db), modelsByPlan(db, registry)]);
  return toAdminPlan(row, f, modelsOf);
}

const auditView = (row: PlanRow) => ({
  name: row.name,
  description: row.description,
  priceMinor: { monthly: row.price_monthly_minor, yearly: row.price_yearly_minor },
  features: parseFeatures(row.features),
  limitations: parseJsonList(row.limitations),
  sessionLimit: row.session_limit,
  seats: row.max_users,
  apiAccess: row.api_access === 1,
  testBudgetMinor: row.test_budget_minor,
  teamSessions: row.team_sessions,
  order: row.sort_order,
  icon: row.icon,
  popular: row.is_popular === 1,
  active: row.is_active === 1,
  visible: row.is_visible === 1,
});

export async function createAdminPlan(
  db: Kysely<DB>,
  actor: AdminActor,
  input: AdminPlanCreate,
  currency: string,
  registry: ModelRegistry,
): Promise<AdminPlan> {
  const now = nowIso();
  const id = newId();
  const monthlyMinor = toMinor(input.price.monthly);
  await db.transaction().execute(async (trx) => {
    const row: PlanRow = {
      id,
      slug: await uniqueSlug(trx, input.name),
      name: input.name,
      description: input.description,
      price_monthly_minor: monthlyMinor,
      price_yearly_minor: toMinor(input.price.yearly ?? 0),
      currency,
      features: serializeFeatures(input.features),
      limitations: JSON.stringify(input.limitations),
      // Unless told: a free plan gets the spec's monthly allowance, a paid one is unlimited.
      session_limit:
        input.limits?.playgroundSessions !== undefined
          ? sessionLimit(input.limits.playgroundSessions)
          : monthlyMinor === 0
            ? LIMITS.freeSessionsPerMonth
            : null,
      max_users: input.maxUsers ?? 1,
      api_access: input.limits?.apiAccess ? 1 : 0,
      test_budget_minor: toMinor(input.limits?.testBudget ?? 0),
      team_sessions: input.limits?.teamSessions ?? 0,
      max_projects: input.maxProjects ?? 10,
      max_storage_gb: input.maxStorage ?? 5,
      sort_order: input.metadata?.order ?? 0,
      icon: input.metadata?.icon ?? iconForPlanName(input.name),
      is_popular: input.metadata?.popular ? 1 : 0,
      is_active: input.isActive ? 1 : 0,
      is_visible: input.isVisible ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    assertPlanPrices(row);
    await repo.insertPlan(trx, row);
    await recordAudit(trx, {
      actor: await repo.findActor(trx, actor.userId),
      action: 'plan.create',
      targetType: 'plan',
      targetId: id,
      after: auditView(row),
      ip: actor.ip,
    });
  });
  return present(db, id, registry);
}

export async function updateAdminPlan(
  db: Kysely<DB>,
  actor: AdminActor,
  id: string,
  input: AdminPlanUpdate,
  registry: ModelRegistry,
): Promise<AdminPlan> {
  const row = await repo.findPlan(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', PLAN_MESSAGES.notFound);
  const changes: Partial<PlanRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.price?.monthly !== undefined) changes.price_monthly_minor = toMinor(input.price.monthly);
  if (input.price) changes.price_yearly_minor = toMinor(input.price.yearly ?? 0);
  if (input.features !== undefined) changes.features = serializeFeatures(input.features);
  if (input.limitations !== undefined) changes.limitations = JSON.stringify(input.limitations);
  if (input.limits?.playgroundSessions !== undefined) {
    changes.session_limit = sessionLimit(input.limits.playgroundSessions);
  }
  if (input.limits?.apiAccess !== undefined) changes.api_access = input.limits.apiAccess ? 1 : 0;
  if (input.limits?.testBudget !== undefined) changes.test_budget_minor = toMinor(input.limits.testBudget);
  if (input.limits?.teamSessions !== undefined) changes.team_sessions = input.limits.teamSessions;
  if (input.metadata?.order !== undefined && 'order' in (input.metadata ?? {})) {
    changes.sort_order = input.metadata.order;
  }
  if (input.metadata?.icon !== undefined) changes.icon = input.metadata.icon;
  if (input.metadata?.popular !== undefined) changes.is_popular = input.metadata.popular ? 1 : 0;
  if (input.isActive !== undefined) changes.is_active = input.isActive ? 1 : 0;
  if (input.isVisible !== undefined) changes.is_visible = input.isVisible ? 1 : 0;
  if (input.maxUsers !== undefined) changes.max_users = input.maxUsers;
  if (input.maxProjects !== undefined) changes.max_projects = input.maxProjects;
  if (input.maxStorage !== undefined) changes.max_storage_gb = input.maxStorage;
  // The rule is checked on the plan this edit produces, not on the request (issue 51).
  assertPlanPrices({ ...row, ...changes });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await repo.updatePlan(trx, row.id, { ...changes, updated_at: now });
    await recordAudit(trx, {
      actor: await repo.findActor(trx, actor.userId),
      action: 'plan.update',
      targetType: 'plan',
      targetId: row.id,
      before: auditView(row),
      after: auditView({ ...row, ...changes }),
      ip: actor.ip,
    });
  });
  return present(db, row.id, registry);
}

/**
 * Deletes a plan nobody is on. One that past subscriptions or payments still point at (the foreign
 * keys keep them) is deactivated and hidden instead, so the records stay whole.
 */
export async function deleteAdminPlan(db: Kysely<DB>, actor: AdminActor, id: string) {
  const row = await repo.findPlan(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', PLAN_MESSAGES.notFound);
  const subscribers = (await figures(db)).subscribers.get(row.id) ?? 0;
  if (subscribers > 0) {
    throw new AppError('VALIDATION_ERROR', PLAN_MESSAGES.hasSubscribers, { status: 409 });
  }
  const keep = await repo.isReferenced(db, row.id);
  await db.transaction().execute(async (trx) => {
    if (keep) await repo.updatePlan(trx, row.id, { is_active: 0, is_visible: 0, updated_at: nowIso() });
    else await repo.deletePlan(trx, row.id);
    await recordAudit(trx, {
      actor: await repo.findActor(trx, actor.userId),
      action: keep ? 'plan.deactivate' : 'plan.delete',
      targetType: 'plan',
      targetId: row.id,
      before: auditView(row),
      after: keep ? auditView({ ...row, is_active: 0, is_visible: 0 }) : undefined,
      ip: actor.ip,
    });
  });
  return { deleted: !keep, deactivated: keep };
}
