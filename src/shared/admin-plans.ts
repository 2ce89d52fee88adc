import { z } from 'zod';
import { PLAN_ICONS, PlanSchema, UNLIMITED } from './billing';
import { displayText } from './text';

/*
 * Admin plans (spec sections 2 Admin plans, 3 Plan and Plan summary stats, 4 Plan dialog, 5 Plan save,
 * 7 Admin calls, 8 plan toasts; issue 8). The input accepts the spec's older shapes too: monthlyPrice
 * and annualPrice, isPopular and priority, features as plain strings.
 */

/** Spec section 5, Plan save: each rule has a toast title and description. */
export const PLAN_VALIDATION = {
  name: { title: 'Name required', description: 'Please enter a plan name.' },
  description: { title: 'Description required', description: 'Please enter a plan description.' },
  monthly: { title: 'Invalid monthly price', description: 'Monthly price must be a valid number >= 0.' },
  yearly: { title: 'Invalid annual price', description: 'Annual price must be a valid number >= 0.' },
} as const;

export const PLAN_MESSAGES = {
  created: 'Plan created successfully',
  updated: 'Plan updated successfully',
  deleted: 'Plan deleted successfully',
  deactivated:
    'This plan has past subscriptions or payments, so it was deactivated and hidden instead of deleted.',
  hasSubscribers: 'This plan has active subscribers and cannot be deleted.',
  saveFailed: 'Save failed',
  unexpected: 'An unexpected error occurred.',
  loadFailed: 'Failed to load plans',
  loadHint: 'Please try refreshing the page',
  notFound: 'Plan not found',
  deleteConfirm: 'Are you sure you want to delete the plan?',
  cannotUndo: 'This action cannot be undone.',
} as const;

/** A plan as the admin panel sees it: the public Plan plus the form's extras and its figures. */
export const AdminPlanSchema = PlanSchema.extend({
  _id: z.string(),
  limitations: z.array(z.string()),
  maxUsers: z.number().int(),
  maxProjects: z.number().int(),
  maxStorage: z.number().int(),
  analytics: z.object({
    /** Users on the plan now (for the free tier: users with no current paid subscription). */
    totalSubscribers: z.number().int(),
    /** Captured payments less refunds, major units. */
    totalRevenue: z.number(),
    totalRevenueMinor: z.number().int(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const AdminPlanListSchema = z.object({ plans: z.array(AdminPlanSchema), currency: z.string() });
export type AdminPlanList = z.infer<typeof AdminPlanListSchema>;

/** Spec section 3, Plan summary stats (plus activePlans for the Total Plans card). */
export const PlanSummarySchema = z.object({
  totalPlans: z.number().int(),
  activePlans: z.number().int(),
  totalSubscribers: z.number().int(),
  totalUsers: z.number().int(),
  /** What current paid subscriptions bring in a month (annual ones count a twelfth), major units. */
  monthlyRevenue: z.number(),
  monthlyRevenueMinor: z.number().int(),
  /** Subscribers of total users, percent with one decimal. */
  conversionRate: z.number(),
  currency: z.string(),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number or a numeric string; anything else is passed on for the schema to refuse. */
const numeric = (v: unknown) => {
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
};

/** The spec's older shapes, and features as strings, turned into the current one. */
function normalizePlanInput(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const v: Record<string, unknown> = { ...raw };
  if (isRecord(v.price)) {
    const price = { ...v.price };
    if (price.yearly === undefined) price.yearly = v.annualPrice ?? v.yearlyPrice;
    v.price = price;
  } else if (v.price === undefined && (v.monthlyPrice !== undefined || v.annualPrice !== undefined)) {
    v.price = { monthly: v.monthlyPrice, yearly: v.annualPrice ?? v.yearlyPrice };
  }
  const metadata = isRecord(v.metadata) ? { ...v.metadata } : {};
  if (metadata.popular === undefined && v.isPopular !== undefined) metadata.popular = v.isPopular;
  if (metadata.order === undefined && v.priority !== undefined) metadata.order = v.priority;
  if (metadata.order === undefined && v.order !== undefined) metadata.order = v.order;
  if (metadata.icon === undefined && v.icon !== undefined) metadata.icon = v.icon;
  if (Object.keys(metadata).length > 0) v.metadata = metadata;
  if (Array.isArray(v.features)) {
    v.features = v.features.map((f) => (typeof f === 'string' ? { name: f, included: true } : f));
  }
  if (v.maxStorage === undefined && v.maxStorageGb !== undefined) v.maxStorage = v.maxStorageGb;
  if (v.limits === undefined && v.playgroundSessions !== undefined)
    v.limits = { playgroundSessions: v.playgroundSessions };
  return v;
}

const text = (label: string, message: string, max: number, multiline = false) =>
  displayText(label, { required: message, multiline }).min(1, message).max(max, `At most ${max} characters`);

const money = (message: string) =>
  z.preprocess(numeric, z.number({ error: message }).finite(message).min(0, message).max(1_000_000, message));

const positiveInt = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(1_000_000),
  );

const fields = {
  name: text('Plan name', PLAN_VALIDATION.name.description, 60),
  description: text('Description', PLAN_VALIDATION.description.description, 500, true),
  price: z.object(
    {
      monthly: money(PLAN_VALIDATION.monthly.description),
      yearly: z.preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        money(PLAN_VALIDATION.yearly.description).optional(),
      ),
    },
    { error: PLAN_VALIDATION.monthly.description },
  ),
  /** Blank names are dropped. */
  features: z
    .array(
      z.object({
        name: displayText('Features', { required: 'A feature needs a name' }).max(
          200,
          'Features must be at most 200 characters',
        ),
        included: z.boolean().optional().default(true),
      }),
      { error: 'Features must be a list' },
    )
    .max(50, 'At most 50 features')
    .transform((list) => list.filter((f) => f.name !== '')),
  limitations: z
    .array(displayText('Limitations').max(200, 'Limitations must be at most 200 characters'), {
      error: 'Limitations must be a list',
    })
    .max(50, 'At most 50 limitations')
    .transform((list) => list.filter(Boolean)),
  metadata: z.object({
    popular: z.boolean({ error: 'Popular must be true or false' }).optional(),
    /** Falls back to 0 when it is not a number (spec section 5). */
    order: z.unknown().transform((v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return Number.isFinite(n) ? Math.max(-1000, Math.min(1000, Math.trunc(n))) : 0;
    }),
    icon: z.enum(PLAN_ICONS, { error: 'Icon must be star, crown or other' }).optional(),
  }),
  /** The plan's limits (issue 59); seats are maxUsers, models are set on the admin Models page. */
  limits: z.object({
    /** Playground sessions a month; -1 is unlimited. */
    playgroundSessions: z
      .preprocess(
        numeric,
        z
          .number({ error: 'The playground allowance must be a number' })
          .int('The playground allowance must be a whole number')
          .min(UNLIMITED, 'The playground allowance must be -1 (unlimited) or more')
          .max(1_000_000),
      )
      .optional(),
    apiAccess: z.boolean({ error: 'API access must be true or false' }).optional(),
    /** Major units, like the prices. */
    testBudget: z
      .preprocess(
        numeric,
        z
          .number({ error: 'The test budget must be a number' })
          .finite('The test budget must be a number')
          .min(0, 'The test budget must be 0 or more')
          .max(1_000_000, 'The test budget must be at most 1,000,000'),
      )
      .optional(),
    /** Playground sessions a month shared by a team on the plan (decision 064); 0 is none. */
    teamSessions: z
      .preprocess(
        numeric,
        z
          .number({ error: 'The team pool must be a number' })
          .int('The team pool must be a whole number')
          .min(0, 'The team pool must be 0 or more')
          .max(1_000_000, 'The team pool must be at most 1,000,000'),
      )
      .optional(),
  }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  isVisible: z.boolean({ error: 'isVisible must be true or false' }),
  maxUsers: positiveInt('Max users'),
  maxProjects: positiveInt('Max projects'),
  maxStorage: positiveInt('Storage'),
};

/** POST /api/admin/plans. */
export const AdminPlanCreateSchema = z.preprocess(
  normalizePlanInput,
  z.object({
    name: fields.name,
    description: fields.description,
    price: fields.price,
    features: fields.features.optional().default([]),
    limitations: fields.limitations.optional().default([]),
    metadata: fields.metadata.partial().optional(),
    limits: fields.limits.optional(),
    isActive: fields.isActive.optional().default(true),
    isVisible: fields.isVisible.optional().default(true),
    maxUsers: fields.maxUsers.optional(),
    maxProjects: fields.maxProjects.optional(),
    maxStorage: fields.maxStorage.optional(),
  }),
);
/** The body the panel sends (the schema also takes the spec's older shapes). */
export interface AdminPlanCreateInput {
  name: string;
  description: string;
  price: { monthly: number; yearly?: number };
  features?: { name: string; included?: boolean }[] | string[];
  limitations?: string[];
  metadata?: { popular?: boolean; order?: number; icon?: (typeof PLAN_ICONS)[number] };
  limits?: { playgroundSessions?: number; apiAccess?: boolean; testBudget?: number; teamSessions?: number };
  isActive?: boolean;
  isVisible?: boolean;
  maxUsers?: number;
  maxProjects?: number;
  maxStorage?: number;
}
export type AdminPlanCreate = z.output<typeof AdminPlanCreateSchema>;

/** PUT /api/admin/plans/:id: the same form; what is left out stays as it is. */
export const AdminPlanUpdateSchema = z.preprocess(
  normalizePlanInput,
  z.object({
    id: z.string().max(200).optional(),
    name: fields.name.optional(),
    description: fields.description.optional(),
    price: z
      .object({
        monthly: money(PLAN_VALIDATION.monthly.description).optional(),
        yearly: fields.price.shape.yearly,
      })
      .optional(),
    features: fields.features.optional(),
    limitations: fields.limitations.optional(),
    metadata: fields.metadata.partial().optional(),
    limits: fields.limits.optional(),
    isActive: fields.isActive.optional(),
    isVisible: fields.isVisible.optional(),
    maxUsers: fields.maxUsers.optional(),
    maxProjects: fields.maxProjects.optional(),
    maxStorage: fields.maxStorage.optional(),
  }),
);
export type AdminPlanUpdateInput = Partial<AdminPlanCreateInput> & { id?: string };
export type AdminPlanUpdate = z.output<typeof AdminPlanUpdateSchema>;

export const AdminPlanIdParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });
export const AdminPlanResultSchema = z.object({ plan: AdminPlanSchema });
export const AdminPlanDeleteResultSchema = z.object({ deleted: z.boolean(), deactivated: z.boolean() });

/** The icon the panel shows for a plan name when none is set (spec: free, pro, enterprise, other). */
export function iconForPlanName(name: string): (typeof PLAN_ICONS)[number] {
  const n = name.toLowerCase();
  if (n.includes('free')) return 'star';
  if (/(pro|premium|business|enterprise|team)/.test(n)) return 'crown';
  return 'other';
}
