import {
  type Plan,
  type PlanFeature,
  type PlanModel,
  type PlanIcon,
  PLAN_ICONS,
  UNLIMITED,
  annualSavingPercent,
} from '../../../shared/billing';
import type { PlansTable } from '../../db/types';
import { fromMinor, storedMinor } from '../../lib/money';
import type { Selectable } from 'kysely';

/** Features are stored as JSON: plain strings (the seed) or {name, included} (the admin form). */
export function parseFeatures(json: string): PlanFeature[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((f): PlanFeature[] => {
    if (typeof f === 'string') return f.trim() ? [{ name: f, included: true }] : [];
    if (f && typeof f === 'object' && typeof (f as { name?: unknown }).name === 'string') {
      return [
        { name: (f as { name: string }).name, included: (f as { included?: unknown }).included !== false },
      ];
    }
    return [];
  });
}

/**
 * A plan row as the spec's Plan (section 3); prices in major units with minor units beside them, and
 * its limits from its columns and the models it may use (playground/model-access.ts decides those).
 */
export function toPlan(row: Selectable<PlansTable>, currency: string, models: PlanModel[]): Plan {
  const icon: PlanIcon = (PLAN_ICONS as readonly string[]).includes(row.icon)
    ? (row.icon as PlanIcon)
    : 'other';
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: { monthly: fromMinor(row.price_monthly_minor), yearly: fromMinor(row.price_yearly_minor) },
    priceMinor: {
      monthly: storedMinor(row.price_monthly_minor),
      yearly: storedMinor(row.price_yearly_minor),
    },
    currency,
    features: parseFeatures(row.features),
    limits: {
      playgroundSessions: row.session_limit ?? UNLIMITED,
      seats: row.max_users,
      apiAccess: row.api_access === 1,
      testBudgetMinor: storedMinor(row.test_budget_minor),
      teamSessions: row.team_sessions,
      models,
    },
    metadata: { popular: row.is_popular === 1, order: row.sort_order, icon },
    isActive: row.is_active === 1,
    isVisible: row.is_visible === 1,
    annualSavingPercent: annualSavingPercent(row.price_monthly_minor, row.price_yearly_minor),
  };
}
