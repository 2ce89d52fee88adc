import { z } from 'zod';
import { RegisterSchema } from './auth';
import { ROLES, USER_STATUSES } from './constants';
import { limitParam, pageParam } from './paging';

/*
 * The admin users section's contracts (spec sections 2 Admin users, 3 Admin-list user, 4 User status,
 * 7 Admin calls; product-decisions.md: real users, status changes take effect; issue 8).
 */

export const ADMIN_USERS_PAGE_SIZE = 20;
/** The plan filter's value for everyone without a current paid plan. */
export const FREE_PLAN_FILTER = 'free';

/** The spec's Admin-list user, from the database. */
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  subscription: z.object({
    plan: z.string(),
    planId: z.string().nullable(),
    status: z.string(),
    /** The current period's end; null on the free plan. */
    expiresAt: z.string().nullable(),
    /** A plan that costs money (the crown badge). */
    paid: z.boolean(),
  }),
  usage: z.object({
    /** Playground sessions taken this month (the allowance used, playground/allowance.ts). */
    playgroundSessions: z.number().int(),
    promptsCreated: z.number().int(),
    /** What the user paid, less refunds, in major units. */
    totalSpent: z.number(),
    totalSpentMinor: z.number().int(),
  }),
  status: z.enum(USER_STATUSES),
  joinedAt: z.string(),
  lastActive: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const STATUS_FILTERS = ['all', ...USER_STATUSES] as const;

export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.enum(STATUS_FILTERS, { error: 'Status must be all, active, suspended or banned' }).default('all'),
  /** 'all', 'free', or a plan id. */
  plan: z.string().trim().max(100).default('all'),
  page: pageParam(100_000),
  limit: limitParam(100, ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

/** The export takes the list's filters, without paging. */
export const AdminUsersExportQuerySchema = AdminUsersQuerySchema.pick({
  search: true,
  status: true,
  plan: true,
});

export const AdminUserCountsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  /** With a current paid plan (the spec's "plan not Free"). */
  premiumUsers: z.number().int(),
  /** Everything users paid, less refunds. */
  totalRevenue: z.number(),
  totalRevenueMinor: z.number().int(),
  currency: z.string(),
});
export type AdminUserCounts = z.infer<typeof AdminUserCountsSchema>;

/** A plan filter choice: 'free' for the free plan, else the plan's id. */
export const PlanFilterOptionSchema = z.object({ value: z.string(), label: z.string(), paid: z.boolean() });
export type PlanFilterOption = z.infer<typeof PlanFilterOptionSchema>;

export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
  /** Over every user, not only the filtered ones. */
  counts: AdminUserCountsSchema,
  planOptions: z.array(PlanFilterOptionSchema),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const UserIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const UpdateUserStatusSchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'Status must be active, suspended or banned' }),
});
export type UpdateUserStatusInput = z.infer<typeof UpdateUserStatusSchema>;

export const AdminUserResultSchema = z.object({ user: AdminUserSchema });

export const PASSWORD_DELIVERIES = ['password', 'email'] as const;
export type PasswordDelivery = (typeof PASSWORD_DELIVERIES)[number];

/** POST /api/admin/users: the signup rules for name and e-mail; the password is never typed by the admin. */
export const CreateUserSchema = z.object({
  name: RegisterSchema.shape.name,
  email: RegisterSchema.shape.email,
  role: z.enum(ROLES, { error: 'Role must be user or admin' }).default('user'),
  delivery: z.enum(PASSWORD_DELIVERIES, { error: 'Choose how the user gets a password' }).default('password'),
});
export type CreateUserInput = z.input<typeof CreateUserSchema>;

export const CreateUserResultSchema = z.object({
  user: AdminUserSchema,
  delivery: z.enum(PASSWORD_DELIVERIES),
  /** The generated one-time password (delivery 'password'); shown once, never stored in clear. */
  password: z.string().nullable(),
});
export type CreateUserResult = z.infer<typeof CreateUserResultSchema>;

export const USER_MESSAGES = {
  notFound: 'User not found',
  ownStatus: 'You cannot change the status of your own account.',
  lastAdmin: 'The last active admin cannot be suspended or banned.',
  duplicateEmail: 'An account with this email already exists',
  statusUpdated: {
    active: 'User activated',
    suspended: 'User suspended',
    banned: 'User banned',
  },
  created: 'User created',
} as const;
