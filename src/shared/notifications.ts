import { z } from 'zod';
import { limitParam } from './paging';

/** The notifications centre's contracts (issue 57, decision 055). */

/**
 * What a notice is about. The server's notifications module writes the list of kinds and who gets
 * each (src/server/modules/notifications/service.ts); a new kind is added there and here.
 */
export const NOTIFICATION_KINDS = [
  'prompt.updated',
  'prompt.reviewed',
  'prompt.sold',
  'payout.updated',
  'prompt.tests_failing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A page path in the app, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
  /** Whether older notices exist past this page (ask with `before` = the last one's createdAt). */
  more: z.boolean(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationsQuerySchema = z.object({
  limit: limitParam(50, 20),
  unread: z
    .enum(['true', 'false'], { error: 'Unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  before: z.iso
    .datetime({ error: 'Before must be a date and time' })
    .max(40, 'Before must be a date and time')
    .optional(),
});

export const NotificationParamsSchema = z.object({
  id: z.string().trim().min(1, 'Notification id is required').max(100, 'Notification id is too long'),
});

export const MarkReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;
