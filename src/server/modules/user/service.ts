import type { Kysely } from 'kysely';
import type { Settings, Theme, UpdateSettingsInput } from '../../../shared/auth';
import type { DB, UserUpdate } from '../../db/types';
import { AppError, fieldError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/service';
import { normalizeEmail } from '../auth/service';
import { withdrawFeedback } from '../marketplace/reviews';
import { assertAccountDeletable } from '../teams/service';
import * as repo from './repository';

async function requireRow(db: Kysely<DB>, userId: string) {
  const row = await repo.findSettingsRow(db, userId);
  if (!row) throw new AppError('AUTHENTICATION_ERROR');
  return row;
}

const toSettings = (row: {
  name: string;
  email: string;
  theme: string;
  email_on_updates: number;
}): Settings => ({
  name: row.name,
  email: row.email,
  theme: row.theme as Theme,
  emailOnUpdates: row.email_on_updates === 1,
});

export async function getSettings(db: Kysely<DB>, userId: string): Promise<Settings> {
  return toSettings(await requireRow(db, userId));
}

/**
 * Saves profile, theme and password changes. A password change needs the current password, and
 * signs out every other session of the user.
 */
export async function updateSettings(
  db: Kysely<DB>,
  userId: string,
  sessionId: string,
  input: UpdateSettingsInput,
): Promise<{ settings: Settings; passwordChanged: boolean }> {
  const row = await requireRow(db, userId);
  const now = nowIso();
  const changes: UserUpdate = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.theme !== undefined) changes.theme = input.theme;
  if (input.emailOnUpdates !== undefined) changes.email_on_updates = input.emailOnUpdates ? 1 : 0;
  if (input.email !== undefined && normalizeEmail(input.email) !== row.email_normalized) {
    const normalized = normalizeEmail(input.email);
    if (await repo.emailTakenByOther(db, normalized, userId)) {
      throw fieldError('email', 'An account with this email already exists');
    }
    changes.email = input.email.trim();
    changes.email_normalized = normalized;
  } else if (input.email !== undefined) {
    // Same address, perhaps another capitalisation: keep what the user typed.
    changes.email = input.email.trim();
  }
  let passwordChanged = false;
  if (input.newPassword !== undefined) {
    if (!(await verifyPassword(row.password_hash, input.currentPassword ?? ''))) {
      throw fieldError('currentPassword', 'Current password is incorrect');
    }
    if (isCommonPassword(input.newPassword)) throw fieldError('newPassword', 'This password is too common');
    changes.password_hash = await hashPassword(input.newPassword);
    passwordChanged = true;
  }
  if (Object.keys(changes).length > 0) {
    changes.updated_at = now;
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, userId, changes);
      if (passwordChanged) await revokeUserSessions(trx, userId, now, sessionId);
    });
  }
  return { settings: await getSettings(db, userId), passwordChanged };
}

export async function deleteAccount(db: Kysely<DB>, userId: string, password: string): Promise<void> {
  const row = await requireRow(db, userId);
  if (!(await verifyPassword(row.password_hash, password))) {
    throw fieldError('password', 'Password is incorrect');
  }
  await db.transaction().execute(async (trx) => {
    // A team's last owner hands it on or deletes it first (decision 063).
    await assertAccountDeletable(trx, userId);
    await withdrawFeedback(trx, userId);
    await repo.deleteUser(trx, userId);
  });
}
