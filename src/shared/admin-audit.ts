import { z } from 'zod';
import { PaginationSchema } from './marketplace';
import { limitParam, pageParam } from './paging';

/** The admin audit log and the Contact Sales inbox (issue 8, "Also"). */

const page = pageParam(100_000);
const limit = (fallback: number) => limitParam(100, fallback);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

export const AuditQuerySchema = z.object({
  page,
  limit: limit(25),
  /** An action ('user.status') or its group ('user'). */
  action: optionalText(60),
  /** Part of the acting admin's e-mail. */
  actor: optionalText(254),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Every action recorded so far, for the filter. */
  actions: z.array(z.string()),
  pagination: PaginationSchema,
});
export type AuditList = z.infer<typeof AuditListSchema>;

export const CONTACT_STATUSES = ['new', 'read', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const ContactMessagesQuerySchema = z.object({
  page,
  limit: limit(20),
  status: z
    .enum([...CONTACT_STATUSES, 'all'], { error: 'Status must be new, read, archived or all' })
    .default('all'),
});
export type ContactMessagesQuery = z.input<typeof ContactMessagesQuerySchema>;

export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessageListSchema = z.object({
  messages: z.array(ContactMessageSchema),
  counts: z.object({ all: z.number(), new: z.number(), read: z.number(), archived: z.number() }),
  pagination: PaginationSchema,
});
export type ContactMessageList = z.infer<typeof ContactMessageListSchema>;

export const ContactMessageParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const UpdateContactMessageSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be new, read or archived' }),
});
export type UpdateContactMessageInput = z.input<typeof UpdateContactMessageSchema>;
export const ContactMessageResultSchema = z.object({ message: ContactMessageSchema });
