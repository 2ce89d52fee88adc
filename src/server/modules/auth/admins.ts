import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { nowIso } from '../../lib/time';
import { insertAccount } from './accounts';
import { normalizeEmail } from './deps';
import { hashPassword } from './password';
import * as repo from './repository';

/*
 * Admins are ordinary database users with role admin: there is no fallback credential anywhere. The
 * first one comes from `npm run admin:create` or from ADMIN_EMAIL/ADMIN_PASSWORD on first start.
 */

/** Creates an admin, or promotes an existing account (setting the given password). */
export async function createOrPromoteAdmin(
  db: Kysely<DB>,
  input: { email: string; password: string; name?: string },
): Promise<{ id: string; created: boolean }> {
  const normalized = normalizeEmail(input.email);
  const now = nowIso();
  const hash = await hashPassword(input.password);
  const existing = await repo.findUserByEmail(db, normalized);
  if (existing) {
    await repo.promoteToAdmin(db, existing.id, hash, now);
    return { id: existing.id, created: false };
  }
  const { id } = await insertAccount(db, {
    name: input.name?.trim() || 'Administrator',
    email: input.email,
    passwordHash: hash,
    role: 'admin',
    now,
    signedIn: false,
  });
  return { id, created: true };
}

/** On start: creates the configured first admin when the database has none. */
export async function bootstrapAdmin(
  db: Kysely<DB>,
  admin: { email: string; password: string } | null,
): Promise<{ id: string; created: boolean } | null> {
  if (!admin || (await repo.countAdmins(db)) > 0) return null;
  return createOrPromoteAdmin(db, admin);
}
