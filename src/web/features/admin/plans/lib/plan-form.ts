import { type AdminPlan, type AdminPlanCreateInput, PLAN_VALIDATION } from '@shared/admin-plans';
import { UNLIMITED } from '@shared/billing';

/** The plan dialog's fields as typed (spec section 2, Admin plans; section 3, Plan form). */
export interface PlanFormValues {
  name: string;
  priority: string;
  description: string;
  monthlyPrice: string;
  annualPrice: string;
  maxUsers: string;
  maxProjects: string;
  maxStorage: string;
  isActive: boolean;
  isPopular: boolean;
  features: string[];
  limitations: string[];
  /** The playground allowance (our addition): unlimited, or sessions a month. */
  unlimitedSessions: boolean;
  sessions: string;
  /** The plan's limits (issue 59): API keys and MCP, and the monthly test budget in major units. */
  apiAccess: boolean;
  testBudget: string;
  /** Playground sessions a month a team on the plan shares (decision 064). */
  teamSessions: string;
}

/** The spec's form defaults: priority 1, max users 1, projects 10, storage 5 GB, active, not popular. */
export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  priority: '1',
  description: '',
  monthlyPrice: '0',
  annualPrice: '0',
  maxUsers: '1',
  maxProjects: '10',
  maxStorage: '5',
  isActive: true,
  isPopular: false,
  features: [],
  limitations: [],
  unlimitedSessions: false,
  sessions: '10',
  apiAccess: false,
  testBudget: '0',
  teamSessions: '0',
};

export function formValuesOf(plan: AdminPlan): PlanFormValues {
  return {
    name: plan.name,
    priority: String(plan.metadata.order),
    description: plan.description,
    monthlyPrice: String(plan.price.monthly),
    annualPrice: String(plan.price.yearly),
    maxUsers: String(plan.maxUsers),
    maxProjects: String(plan.maxProjects),
    maxStorage: String(plan.maxStorage),
    isActive: plan.isActive,
    isPopular: plan.metadata.popular,
    features: plan.features.filter((f) => f.included).map((f) => f.name),
    limitations: plan.limitations,
    unlimitedSessions: plan.limits.playgroundSessions === UNLIMITED,
    sessions: plan.limits.playgroundSessions === UNLIMITED ? '10' : String(plan.limits.playgroundSessions),
    apiAccess: plan.limits.apiAccess,
    testBudget: String(plan.limits.testBudgetMinor / 100),
    teamSessions: String(plan.limits.teamSessions),
  };
}

/** Priority, max users, max projects and storage: a whole number of at least 1, else 1 (spec section 5). */
export function atLeastOne(text: string): number {
  const n = Math.trunc(Number(text));
  return text.trim() !== '' && Number.isFinite(n) ? Math.max(1, n) : 1;
}

/** A price as typed: blank is 0 (the spec's fall-back); anything else must be a number. */
export function priceOf(text: string): number {
  return text.trim() === '' ? 0 : Number(text);
}

const validPrice = (n: number) => Number.isFinite(n) && n >= 0;

/** Spec section 5, Plan save, in its order; the failure is a toast title and description. */
export function validatePlanForm(v: PlanFormValues): { title: string; description: string } | null {
  if (!v.name.trim()) return PLAN_VALIDATION.name;
  if (!v.description.trim()) return PLAN_VALIDATION.description;
  if (!validPrice(priceOf(v.monthlyPrice))) return PLAN_VALIDATION.monthly;
  if (!validPrice(priceOf(v.annualPrice))) return PLAN_VALIDATION.yearly;
  return null;
}

/** What POST/PUT /api/admin/plans get: trimmed texts, blank features dropped and each sent as included. */
export function planBody(v: PlanFormValues): AdminPlanCreateInput {
  const sessions = Math.max(0, Math.trunc(Number(v.sessions)) || 0);
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price: { monthly: priceOf(v.monthlyPrice), yearly: priceOf(v.annualPrice) },
    features: v.features
      .map((f) => f.trim())
      .filter(Boolean)
      .map((name) => ({ name, included: true })),
    limitations: v.limitations.map((l) => l.trim()).filter(Boolean),
    metadata: { popular: v.isPopular, order: atLeastOne(v.priority) },
    limits: {
      playgroundSessions: v.unlimitedSessions ? UNLIMITED : sessions,
      apiAccess: v.apiAccess,
      testBudget: Math.max(0, priceOf(v.testBudget) || 0),
      teamSessions: Math.max(0, Math.trunc(Number(v.teamSessions)) || 0),
    },
    isActive: v.isActive,
    isVisible: true,
    maxUsers: atLeastOne(v.maxUsers),
    maxProjects: atLeastOne(v.maxProjects),
    maxStorage: atLeastOne(v.maxStorage),
  };
}

/** Adds a non-blank item once (Add is disabled while the text is blank). */
export function addItem(list: string[], text: string): string[] {
  const item = text.trim();
  if (!item || list.includes(item)) return list;
  return [...list, item];
}

/** The price a card shows: per month, or per year with the monthly equivalent 'billed annually'. */
export function displayPrice(plan: Pick<AdminPlan, 'priceMinor'>, annual: boolean) {
  if (!annual) return { minor: plan.priceMinor.monthly, period: 'month' as const, billedAnnuallyMinor: null };
  const yearly = plan.priceMinor.yearly;
  return {
    minor: yearly,
    period: 'year' as const,
    billedAnnuallyMinor: yearly > 0 ? Math.round(yearly / 12) : null,
  };
}

export type PlanIconKind = 'free' | 'pro' | 'enterprise' | 'other';

/** The card's icon by plan name (spec: free, pro, enterprise, other). */
export function planIconKind(name: string): PlanIconKind {
  const n = name.toLowerCase();
  if (n.includes('free')) return 'free';
  if (n.includes('enterprise') || n.includes('business')) return 'enterprise';
  if (n.includes('pro') || n.includes('premium')) return 'pro';
  return 'other';
}

/** Cards by order, then price. */
export function sortPlans<
  T extends { name: string; metadata: { order: number }; priceMinor: { monthly: number } },
>(plans: T[]): T[] {
  return [...plans].sort(
    (a, b) =>
      a.metadata.order - b.metadata.order ||
      a.priceMinor.monthly - b.priceMinor.monthly ||
      a.name.localeCompare(b.name),
  );
}
