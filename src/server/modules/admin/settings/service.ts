import type { Kysely } from 'kysely';
import { ipAllowedBy } from '../../../../shared/admin-ip';
import {
  type AdminSettings,
  DEFAULT_ADMIN_SETTINGS,
  type StoredAdminSettings,
  TOTP_INVALID_MESSAGE,
  type TotpSetup,
  type UpdateAdminSettingsSchema,
  resolveStoredSettings,
} from '../../../../shared/admin-settings';
import type { DB, UserRow, UserUpdate } from '../../../db/types';
import { recordAudit } from '../../../lib/audit';
import { AppError, fieldError } from '../../../lib/errors';
import type { Limiter } from '../../../lib/limiter';
import { nowIso } from '../../../lib/time';
import { generateTotpSecret, otpauthUrl, verifyTotp } from '../../../lib/totp';
import { revokeUserSessions } from '../../auth/service';
import { isCommonPassword } from '../../auth/common-passwords';
import { hashPassword, verifyPassword } from '../../auth/password';
import * as repo from './repository';
import type { z } from 'zod';

type UpdateInput = z.output<typeof UpdateAdminSettingsSchema>;

export const TOTP_ISSUER = 'Promptforge';
const TOTP_WINDOW_MS = 15 * 60 * 1000;
const TOTP_MAX_FAILURES = 5;

const lockOutMessage = (ip: string) =>
  `This list would lock you out: add your current address (${ip}) to it, or leave the list empty.`;
export const ipRefusedMessage = (ip: string) =>
  `Access from your address (${ip}) is not allowed by this admin account's IP whitelist.`;

function parseJson(text: string | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The admin's stored settings, defaults filled in. */
export async function loadStoredSettings(db: Kysely<DB>, userId: string): Promise<StoredAdminSettings> {
  return resolveStoredSettings(parseJson(await repo.findSettingsJson(db, userId)));
}

export const settingsFromJson = (json: string | null | undefined): StoredAdminSettings =>
  json ? resolveStoredSettings(parseJson(json)) : DEFAULT_ADMIN_SETTINGS;

/** Hours an admin-panel token of this admin lasts, in seconds. */
export async function adminSessionTtlSeconds(db: Kysely<DB>, userId: string): Promise<number> {
  const settings = await loadStoredSettings(db, userId);
  return Number(settings.security.sessionTimeout) * 3600;
}

/** Refuses an admin-panel call from an address outside the admin's IP whitelist (403). */
export async function enforceIpWhitelist(db: Kysely<DB>, userId: string, ip: string): Promise<void> {
  const { security } = await loadStoredSettings(db, userId);
  if (!ipAllowedBy(security.ipWhitelist, ip)) {
    throw new AppError('AUTHORIZATION_ERROR', ipRefusedMessage(ip), {
      internal: `admin ${userId} from ${ip} outside the IP whitelist`,
    });
  }
}

function present(user: UserRow, stored: StoredAdminSettings): AdminSettings {
  return {
    profile: { name: user.name, email: user.email },
    theme: stored.theme,
    notifications: stored.notifications,
    security: {
      ...stored.security,
      twoFactorAuth: user.totp_enabled_at !== null && user.totp_secret !== null,
    },
  };
}

async function requireUser(db: Kysely<DB>, userId: string): Promise<UserRow> {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('AUTHENTICATION_ERROR');
  return user;
}

export async function getAdminSettings(db: Kysely<DB>, userId: string): Promise<AdminSettings> {
  const user = await requireUser(db, userId);
  return present(user, await loadStoredSettings(db, userId));
}

export interface AdminActor {
  userId: string;
  sessionId: string;
  ip: string;
}

/**
 * Saves the sections given. Profile: e-mail unique, a password change needs the current password
 * and signs out the admin's other sessions. Security: the IP whitelist must keep the saver in, and a
 * shorter session timeout shortens the admin's live admin-panel sessions. Each section is audited
 * (passwords never are).
 */
export async function updateAdminSettings(
  db: Kysely<DB>,
  actor: AdminActor,
  input: UpdateInput,
): Promise<{ settings: AdminSettings; passwordChanged: boolean }> {
  const user = await requireUser(db, actor.userId);
  const stored = await loadStoredSettings(db, actor.userId);
  const now = nowIso();
  const userChanges: Partial<UserRow> = {};
  let passwordChanged = false;

  if (input.profile) {
    const { name, email, currentPassword, newPassword } = input.profile;
    const normalized = email.toLowerCase();
    if (normalized !== user.email_normalized && (await repo.emailTakenByOther(db, normalized, user.id))) {
      throw fieldError('email', 'An account with this email already exists');
    }
    userChanges.name = name;
    userChanges.email = email;
    userChanges.email_normalized = normalized;
    if (newPassword) {
      if (!(await verifyPassword(user.password_hash, currentPassword ?? ''))) {
        throw fieldError('currentPassword', 'Current password is incorrect');
      }
      if (isCommonPassword(newPassword)) throw fieldError('newPassword', 'This password is too common');
      userChanges.password_hash = await hashPassword(newPassword);
      passwordChanged = true;
    }
  }

  if (input.security && !ipAllowedBy(input.security.ipWhitelist, actor.ip)) {
    throw fieldError('ipWhitelist', lockOutMessage(actor.ip));
  }

  const next: StoredAdminSettings = {
    theme: input.theme ?? stored.theme,
    notifications: input.notifications ?? stored.notifications,
    security: input.security ?? stored.security,
  };
  const auditBase = {
    actor: { id: user.id, email: user.email },
    targetType: 'settings' as const,
    targetId: user.id,
    ip: actor.ip,
  };

  await db.transaction().execute(async (trx) => {
    if (input.profile) {
      await repo.updateUser(trx, user.id, { ...userChanges, updated_at: now });
      if (passwordChanged) await revokeUserSessions(trx, user.id, now, actor.sessionId);
      await recordAudit(trx, {
        ...auditBase,
        action: 'settings.profile',
        before: { name: user.name, email: user.email },
        after: {
          name: userChanges.name,
          email: userChanges.email,
          ...(passwordChanged ? { password: 'changed' } : {}),
        },
      });
    }
    if (input.theme || input.notifications || input.security) {
      await repo.saveSettingsJson(trx, user.id, JSON.stringify(next), now);
    }
    for (const section of ['theme', 'notifications', 'security'] as const) {
      // A save that changes nothing is not an action worth a line in the log.
      if (!input[section] || JSON.stringify(stored[section]) === JSON.stringify(next[section])) continue;
      await recordAudit(trx, {
        ...auditBase,
        action: `settings.${section}`,
        before: stored[section],
        after: next[section],
      });
    }
    if (input.security) await shortenAdminSessions(trx, user.id, Number(input.security.sessionTimeout), now);
  });

  const updated = await requireUser(db, user.id);
  return { settings: present(updated, next), passwordChanged };
}

/** Live admin-panel sessions of the admin end at most `hours` after they began. */
async function shortenAdminSessions(db: Kysely<DB>, userId: string, hours: number, now: string) {
  for (const session of await repo.liveAdminSessions(db, userId, now)) {
    const limit = new Date(Date.parse(session.created_at) + hours * 3600 * 1000).toISOString();
    if (limit < session.expires_at) await repo.setSessionExpiry(db, session.id, limit);
  }
}

function totpRateLimited(resetMs: number) {
  return new AppError('RATE_LIMIT_ERROR', 'Too many wrong codes. Please wait a few minutes and try again.', {
    retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
  });
}

/**
 * Checks a TOTP code for an admin: at most 5 wrong codes per 15 minutes, and each time step works
 * once (a code seen by someone over the shoulder cannot be used again).
 */
export async function verifyAdminTotp(
  db: Kysely<DB>,
  limiter: Limiter,
  user: Pick<UserRow, 'id'>,
  secret: string,
  code: string,
  /** A wrong code at sign-in is a 401; in settings a 400, so the client keeps its session. */
  context: 'sign-in' | 'settings' = 'sign-in',
): Promise<void> {
  const key = `totp:${user.id}`;
  const seen = await limiter.peek(key);
  if (seen.count >= TOTP_MAX_FAILURES) throw totpRateLimited(seen.resetMs);
  const step = verifyTotp(secret, code);
  if (step === null || !(await repo.claimTotpStep(db, user.id, step))) {
    await limiter.hit(key, TOTP_WINDOW_MS);
    throw new AppError(
      context === 'sign-in' ? 'AUTHENTICATION_ERROR' : 'VALIDATION_ERROR',
      TOTP_INVALID_MESSAGE,
      {
        details: [{ field: 'code', message: TOTP_INVALID_MESSAGE }],
        internal: step === null ? 'wrong TOTP code' : 'TOTP code reused',
      },
    );
  }
  await limiter.reset(key);
}

/** Starts two-factor set-up: a new secret, kept pending until a code from it is confirmed. */
export async function startTotpSetup(db: Kysely<DB>, userId: string): Promise<TotpSetup> {
  const user = await requireUser(db, userId);
  if (user.totp_enabled_at) {
    throw new AppError('VALIDATION_ERROR', 'Two-factor authentication is already on. Turn it off first.');
  }
  const secret = generateTotpSecret();
  await repo.updateUser(db, userId, { totp_secret: secret, totp_last_step: null, updated_at: nowIso() });
  return { secret, otpauthUrl: otpauthUrl({ secret, account: user.email, issuer: TOTP_ISSUER }) };
}

export async function enableTotp(
  db: Kysely<DB>,
  limiter: Limiter,
  actor: AdminActor,
  code: string,
): Promise<AdminSettings> {
  const user = await requireUser(db, actor.userId);
  if (user.totp_enabled_at) {
    throw new AppError('VALIDATION_ERROR', 'Two-factor authentication is already on.');
  }
  if (!user.totp_secret) {
    throw new AppError('VALIDATION_ERROR', 'Start the set-up first: no authenticator key was issued.');
  }
  await verifyAdminTotp(db, limiter, user, user.totp_secret, code, 'settings');
  return switchTotp(db, user, actor.ip, true, (now) => ({ totp_enabled_at: now }));
}

export async function disableTotp(
  db: Kysely<DB>,
  limiter: Limiter,
  actor: AdminActor,
  code: string,
): Promise<AdminSettings> {
  const user = await requireUser(db, actor.userId);
  if (!user.totp_enabled_at || !user.totp_secret) {
    throw new AppError('VALIDATION_ERROR', 'Two-factor authentication is already off.');
  }
  await verifyAdminTotp(db, limiter, user, user.totp_secret, code, 'settings');
  return switchTotp(db, user, actor.ip, false, () => ({
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
  }));
}

/** Turns two-factor authentication on or off: the admin's row and its audit entry, in one transaction. */
async function switchTotp(
  db: Kysely<DB>,
  user: UserRow,
  ip: string | null,
  on: boolean,
  changes: (now: string) => UserUpdate,
): Promise<AdminSettings> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, user.id, { ...changes(now), updated_at: now });
    await recordAudit(trx, {
      actor: { id: user.id, email: user.email },
      action: on ? 'settings.2fa.enable' : 'settings.2fa.disable',
      targetType: 'settings',
      targetId: user.id,
      before: { twoFactorAuth: !on },
      after: { twoFactorAuth: on },
      ip,
    });
  });
  return getAdminSettings(db, user.id);
}
