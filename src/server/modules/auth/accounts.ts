import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/constants';
import type { DB, UserRow } from '../../db/types';
import { newId } from '../../lib/time';
import { normalizeEmail } from './deps';
import * as repo from './repository';

/*
 * The one owner of an account's creation and of the set-password links, for every way an account
 * comes to be: a sign-up (register.ts), an admin's "Add user" (admin/users), the first admin
 * (admins.ts), and a forgotten password (password-reset.ts).
 */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The account of an address (any spelling of it), if there is one. */
export const findAccountByEmail = (db: Kysely<DB>, email: string) =>
  repo.findUserByEmail(db, normalizeEmail(email));

/**
 * Stores a new active account (inside the caller's transaction, with what goes with it). A second
 * account for the address fails on the unique index: callers answer with `findAccountByEmail`.
 */
export async function insertAccount(
  trx: Kysely<DB>,
  input: {
    name: string;
    email: string;
    passwordHash: string;
    role: Role;
    now: string;
    /** A sign-up is its first sign-in; an account made by an admin has not been used yet. */
    signedIn: boolean;
  },
): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    name: input.name.trim(),
    email: input.email.trim(),
    email_normalized: normalizeEmail(input.email),
    password_hash: input.passwordHash,
    role: input.role,
    status: 'active',
    avatar_url: null,
    bio: null,
    theme: 'dark',
    trial_used_at: null,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    email_on_updates: 0,
    last_active_at: input.signedIn ? input.now : null,
    created_at: input.now,
    updated_at: input.now,
  };
  await repo.insertUser(trx, row);
  return row;
}

/**
 * Stores a link that lets the account choose a password, valid for `ttlMs`, and answers its token
 * (only its hash is stored). Inside the caller's transaction with the mail that carries it.
 */
export async function storePasswordLink(
  trx: Kysely<DB>,
  userId: string,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await repo.insertPasswordReset(trx, {
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  });
  return token;
}

/** The unused, unexpired link of a token, if it is one. */
export const findPasswordLink = (db: Kysely<DB>, token: string) =>
  repo.findPasswordReset(db, hashToken(token));
