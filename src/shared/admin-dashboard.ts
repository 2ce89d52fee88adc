import { z } from 'zod';
import { PAGING } from './constants';
import { limitParam } from './paging';

/*
 * The admin dashboard's contracts (spec sections 2 Admin dashboard, 3 Admin stats and Activity entry,
 * 7 Admin calls; issue 8). Money is integer minor units in `...Minor` fields with major units beside.
 * "This period" is the last 30 days; growth compares it with the 30 days before, in percent with one
 * decimal, null when there was nothing before to compare with.
 */

/** Days of history the dashboard's series cover (the charts show the last 30 or all 90). */
export const DASHBOARD_SERIES_DAYS = 90;
export const DASHBOARD_PERIOD_DAYS = 30;

const Growth = z.number().nullable();

/** The spec's Admin stats object, with the figures the screen needs beside it. */
export const AdminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    /** Joined in the last 30 days. */
    new: z.number().int(),
    /** With a current paid subscription (active or trialing, not past its end, a plan that costs). */
    premium: z.number().int(),
    growth: Growth,
  }),
  prompts: z.object({
    total: z.number().int(),
    published: z.number().int(),
    /** Drafts, as the spec counts pending. */
    pending: z.number().int(),
    /** Created in the last 30 days. */
    new: z.number().int(),
  }),
  revenue: z.object({
    /** Captured payments less refunds, all time. */
    total: z.number(),
    totalMinor: z.number().int(),
    /** The last 30 days. */
    current: z.number(),
    currentMinor: z.number().int(),
    /** The 30 days before those. */
    previous: z.number(),
    previousMinor: z.number().int(),
    growth: Growth,
    currency: z.string(),
  }),
  analytics: z.object({ totalViews: z.number().int(), totalDownloads: z.number().int() }),
  /** Premium users / total users, in percent with one decimal. */
  conversionRate: z.number(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const DailyPointSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  signups: z.number().int(),
  publications: z.number().int(),
  revenue: z.number(),
  revenueMinor: z.number().int(),
});
export type DailyPoint = z.infer<typeof DailyPointSchema>;

export const TopPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorName: z.string(),
  category: z.string(),
  type: z.string(),
  views: z.number().int(),
  downloads: z.number().int(),
  revenue: z.number(),
  revenueMinor: z.number().int(),
});
export type TopPrompt = z.infer<typeof TopPromptSchema>;

export const TopCreatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  prompts: z.number().int(),
  sales: z.number().int(),
  earnings: z.number(),
  earningsMinor: z.number().int(),
});
export type TopCreator = z.infer<typeof TopCreatorSchema>;

export const PlanShareSchema = z.object({
  planId: z.string().nullable(),
  name: z.string(),
  users: z.number().int(),
});
export type PlanShare = z.infer<typeof PlanShareSchema>;

/** GET /api/admin/dashboard: the stats object plus what the tabs chart and list. */
export const AdminDashboardSchema = z.object({
  stats: AdminStatsSchema,
  /** One point per UTC day, oldest first, the last 90 days up to today. */
  series: z.array(DailyPointSchema),
  topPromptsByViews: z.array(TopPromptSchema),
  topPromptsByRevenue: z.array(TopPromptSchema),
  topCreators: z.array(TopCreatorSchema),
  /** How many users are on each plan now (the free plan gathers everyone without a paid one). */
  plans: z.array(PlanShareSchema),
  generatedAt: z.string(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const ACTIVITY_ICONS = ['user-plus', 'file-text', 'credit-card', 'other'] as const;
export type ActivityIcon = (typeof ACTIVITY_ICONS)[number];

/** The spec's Activity entry. */
export const ActivityEntrySchema = z.object({
  id: z.string(),
  icon: z.enum(ACTIVITY_ICONS),
  title: z.string(),
  description: z.string(),
  timestamp: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const RecentActivityQuerySchema = z.object({
  limit: limitParam(50, PAGING.adminActivity),
});

export const RecentActivitySchema = z.object({ activities: z.array(ActivityEntrySchema) });
export type RecentActivity = z.infer<typeof RecentActivitySchema>;
