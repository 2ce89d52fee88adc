import { z } from 'zod';
import { findInvalidIpEntry, ipEntryError, splitIpList } from './admin-ip';
import { AdminLoginSchema, RegisterSchema } from './auth';
import { LIMITS } from './constants';

/*
 * Admin settings (spec section 2 "Admin settings", section 3 "Settings values", section 8 toasts),
 * kept per admin on the server (product-decisions.md section 1) and enforced there.
 */

export const ADMIN_THEMES = ['light', 'dark', 'system'] as const;
export const ACCENT_COLORS = ['blue', 'green', 'purple', 'orange'] as const;
export type AccentColor = (typeof ACCENT_COLORS)[number];
/** Hours an admin-panel sign-in lasts (spec section 9). */
export const SESSION_TIMEOUTS = ['1', '4', '8', '24', '168'] as const;
export type SessionTimeout = (typeof SESSION_TIMEOUTS)[number];

export const NOTIFICATION_KEYS = [
  'emailNotifications',
  'pushNotifications',
  'newUserAlerts',
  'newPromptAlerts',
  'paymentAlerts',
  'systemAlerts',
  'weeklyReports',
  'monthlyReports',
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

export const ThemeSettingsSchema = z.object({
  theme: z.enum(ADMIN_THEMES, { error: 'Theme must be light, dark or system' }),
  accentColor: z.enum(ACCENT_COLORS, { error: 'Accent colour must be blue, green, purple or orange' }),
  sidebarCollapsed: z.boolean({ error: 'Collapse sidebar must be on or off' }),
});
export type ThemeSettings = z.infer<typeof ThemeSettingsSchema>;

const flag = z.boolean({ error: 'Each notification setting must be on or off' });
export const NotificationSettingsSchema = z.object({
  emailNotifications: flag,
  pushNotifications: flag,
  newUserAlerts: flag,
  newPromptAlerts: flag,
  paymentAlerts: flag,
  systemAlerts: flag,
  weeklyReports: flag,
  monthlyReports: flag,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const IP_LIST_MAX_ENTRIES = 50;

/** Comma-separated IPv4/IPv6 addresses or CIDR ranges; stored normalised as 'a, b, c'. */
export const IpWhitelistSchema = z
  .string({ error: 'IP whitelist must be text' })
  .max(2000, 'IP whitelist must be at most 2000 characters')
  .superRefine((text, ctx) => {
    const bad = findInvalidIpEntry(text);
    if (bad !== null) ctx.addIssue({ code: 'custom', message: ipEntryError(bad) });
    else if (splitIpList(text).length > IP_LIST_MAX_ENTRIES)
      ctx.addIssue({ code: 'custom', message: `Use at most ${IP_LIST_MAX_ENTRIES} entries` });
  })
  .transform((text) => splitIpList(text).join(', '));

export const SecuritySettingsSchema = z.object({
  /** On once a TOTP authenticator is confirmed; changed only through the 2FA endpoints. */
  twoFactorAuth: z.boolean(),
  loginAlerts: z.boolean({ error: 'Login alerts must be on or off' }),
  sessionTimeout: z.enum(SESSION_TIMEOUTS, { error: 'Session timeout must be 1, 4, 8, 24 or 168 hours' }),
  ipWhitelist: z.string(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

export const AdminSettingsSchema = z.object({
  profile: z.object({ name: z.string(), email: z.string() }),
  theme: ThemeSettingsSchema,
  notifications: NotificationSettingsSchema,
  security: SecuritySettingsSchema,
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/** What is stored per admin (the profile lives on the user, 2FA on the user's TOTP columns). */
export type StoredAdminSettings = Omit<AdminSettings, 'profile' | 'security'> & {
  security: Omit<SecuritySettings, 'twoFactorAuth'>;
};

export const DEFAULT_ADMIN_SETTINGS: StoredAdminSettings = {
  theme: { theme: 'dark', accentColor: 'blue', sidebarCollapsed: false },
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    newUserAlerts: true,
    newPromptAlerts: true,
    paymentAlerts: true,
    systemAlerts: true,
    weeklyReports: true,
    monthlyReports: true,
  },
  security: { loginAlerts: true, sessionTimeout: '24', ipWhitelist: '' },
};

/** Stored JSON read leniently: every missing or malformed value takes its default. */
export function resolveStoredSettings(stored: unknown): StoredAdminSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const section = <T extends z.ZodObject>(schema: T, value: unknown, defaults: z.infer<T>): z.infer<T> => {
    const given = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const field = schema.shape[key] as z.ZodType | undefined;
      if (field && key in given && field.safeParse(given[key]).success) out[key] = given[key];
    }
    return out as z.infer<T>;
  };
  return {
    theme: section(ThemeSettingsSchema, s.theme, DEFAULT_ADMIN_SETTINGS.theme),
    notifications: section(NotificationSettingsSchema, s.notifications, DEFAULT_ADMIN_SETTINGS.notifications),
    security: section(
      SecuritySettingsSchema.pick({ loginAlerts: true, sessionTimeout: true, ipWhitelist: true }),
      s.security,
      DEFAULT_ADMIN_SETTINGS.security,
    ),
  };
}

const password = z.string().max(128, 'Password must be at most 128 characters');

export const ProfileUpdateSchema = z
  .object({
    name: RegisterSchema.shape.name,
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email must be at most 254 characters')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
    currentPassword: password.optional(),
    newPassword: password.optional(),
    confirmPassword: password.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword && !v.confirmPassword) return;
    if (!v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required' });
    }
    if ((v.newPassword ?? '').length < LIMITS.adminPasswordMin) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: `Password must be at least ${LIMITS.adminPasswordMin} characters`,
      });
    }
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "New passwords don't match" });
    }
  });
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** PUT /api/admin/settings: one or more whole sections (each card saves its own). */
export const UpdateAdminSettingsSchema = z
  .object({
    profile: ProfileUpdateSchema.optional(),
    theme: ThemeSettingsSchema.optional(),
    notifications: NotificationSettingsSchema.optional(),
    security: z
      .object({
        loginAlerts: SecuritySettingsSchema.shape.loginAlerts,
        sessionTimeout: SecuritySettingsSchema.shape.sessionTimeout,
        ipWhitelist: IpWhitelistSchema,
      })
      .optional(),
  })
  .refine((v) => Object.values(v).some((section) => section !== undefined), {
    message: 'Nothing to save: send profile, theme, notifications or security',
  });
export type UpdateAdminSettingsInput = z.input<typeof UpdateAdminSettingsSchema>;

/** A 6-digit TOTP code; spaces are forgiven (authenticator apps show '123 456'). */
export const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .max(64, 'Enter the 6-digit code from your authenticator app')
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

export const TotpCodeBodySchema = z.object({ code: TotpCodeSchema });

export const TotpSetupSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth:// URI, for a QR code or a tap on mobile. */
  otpauthUrl: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** POST /api/auth/admin/login: e-mail and password, and the TOTP code when the admin has 2FA on. */
export const AdminSignInSchema = AdminLoginSchema.extend({ code: TotpCodeSchema.optional() });
export type AdminSignInInput = z.input<typeof AdminSignInSchema>;

/** The detail field an admin login without a code carries when 2FA is on: the client asks for the code. */
export const TOTP_REQUIRED_FIELD = 'code';
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app to sign in.';
export const TOTP_INVALID_MESSAGE = 'That code is not valid. Check your authenticator app and try again.';
