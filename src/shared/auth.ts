import { z } from 'zod';
import { LIMITS, ROLES } from './constants';
import { displayText } from './text';

/*
 * Auth contracts (spec sections 3, 5 and 7). Field order matters: the first failing field's message is
 * the one shown, so each schema lists its fields in the spec's validation order.
 */

const EMAIL_MESSAGE = 'Please enter a valid email address';
// A simple address pattern, as the spec's screens use; the server trims before checking.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, 'Email must be at most 254 characters')
    .regex(EMAIL_PATTERN, EMAIL_MESSAGE);

/** New passwords: the spec's minimum, and a ceiling that keeps hashing cheap to ask for. */
const newPassword = (required = 'Password is required') =>
  z
    .string({ error: required })
    .min(1, required)
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters long`)
    .max(128, 'Password must be at most 128 characters');

export const RegisterSchema = z.object({
  name: displayText('Full name')
    .min(1, 'Full name is required')
    .min(LIMITS.nameMin, `Full name must be at least ${LIMITS.nameMin} characters`)
    .max(100, 'Full name must be at most 100 characters'),
  email: email('Email is required'),
  password: newPassword(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: email('Email and password are required'),
  password: z
    .string({ error: 'Email and password are required' })
    .min(1, 'Email and password are required')
    .max(128, 'Password must be at most 128 characters'),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const AdminLoginSchema = z.object({
  email: email('Please fill in all fields'),
  password: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields').max(128),
});

export const ForgotPasswordSchema = z.object({ email: email('Email is required') });

export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: 'Invalid reset token' })
    .min(1, 'Invalid reset token')
    .max(200, 'Invalid reset token'),
  password: newPassword('Both password fields are required'),
});

export const SubscriptionSummarySchema = z.object({
  plan: z.string(),
  status: z.string(),
  planId: z.string().nullable(),
});

/** The User of spec section 3, as the client reads it. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  subscription: SubscriptionSummarySchema,
  usage: z.object({
    playgroundSessions: z.object({ current: z.number().int(), limit: z.number().int() }),
    promptsCreated: z.number().int(),
  }),
  avatar: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const MeSchema = z.object({ user: UserSchema });

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const SettingsSchema = z.object({
  name: z.string(),
  email: z.string(),
  theme: z.enum(THEMES),
  /** E-mail me when a prompt I bought or liked gets a new version (off by default). */
  emailOnUpdates: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PUT /api/user/settings: any subset; a password change needs the current one and a confirmation. */
export const UpdateSettingsSchema = z
  .object({
    name: RegisterSchema.shape.name.optional(),
    email: email('Email is required').optional(),
    theme: z.enum(THEMES, { error: 'Theme must be light, dark or system' }).optional(),
    emailOnUpdates: z.boolean({ error: 'emailOnUpdates must be true or false' }).optional(),
    currentPassword: z.string().max(128).optional(),
    newPassword: z
      .string()
      .min(LIMITS.adminPasswordMin, `Password must be at least ${LIMITS.adminPasswordMin} characters`)
      .max(128, 'Password must be at most 128 characters')
      .optional(),
    confirmPassword: z.string().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === undefined) return;
    if (!v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required' });
    }
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "New passwords don't match" });
    }
  });
export type UpdateSettingsInput = z.input<typeof UpdateSettingsSchema>;

export const DeleteAccountSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
