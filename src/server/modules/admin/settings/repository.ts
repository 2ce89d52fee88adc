import type { Kysely } from 'kysely';
import type { DB, UserUpdate } from '../../../db/types';

/** All SQL of admin settings, admin two-factor secrets and the admin report. */

export async function findSettingsJson(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('admin_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.settings;
}

export async function saveSettingsJson(
  db: Kysely<DB>,
  userId: string,
  settings: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('admin_settings')
    .values({ user_id: userId, settings, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at: now }))
    .execute();
}

export const findUser = (db: Kysely<DB>, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function emailTakenByOther(db: Kysely<DB>, emailNormalized: string, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', emailNormalized)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateUser(db: Kysely<DB>, userId: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/**
 * Records that a TOTP step was used; false when that step (or a later one) was used already, so a
 * code cannot be replayed. The condition in the UPDATE makes two requests with one code race safely.
 */
export async function claimTotpStep(db: Kysely<DB>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The admin's live admin-panel sessions (to shorten them to a new timeout). */
export const liveAdminSessions = (db: Kysely<DB>, userId: string, now: string) =>
  db
    .selectFrom('auth_sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'admin')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();

export async function setSessionExpiry(db: Kysely<DB>, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable('auth_sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

/** Active admins with their stored settings (null when never saved). */
export const activeAdminsWithSettings = (db: Kysely<DB>) =>
  db
    .selectFrom('users as u')
    .leftJoin('admin_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.email', 's.settings'])
    .where('u.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .orderBy('u.created_at')
    .execute();

async function count(query: Promise<{ n: number | string | bigint | null } | undefined>): Promise<number> {
  const row = await query;
  return Number(row?.n ?? 0);
}

/** Figures for the weekly or monthly admin report, over [since, until). */
export async function reportFigures(db: Kysely<DB>, since: string, until: string) {
  const [newUsers, promptsPublished, playgroundSessions, revenue] = await Promise.all([
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', since)
        .where('created_at', '<', until)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('published_at', '>=', since)
        .where('published_at', '<', until)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('playground_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', since)
        .where('created_at', '<', until)
        .executeTakeFirst(),
    ),
    db
      .selectFrom('payments')
      .select(['currency'])
      .select((eb) => eb.fn.sum<number>(eb('amount_minor', '-', eb.ref('refunded_minor'))).as('n'))
      .where('status', 'in', ['captured', 'refunded'])
      .where('paid_at', '>=', since)
      .where('paid_at', '<', until)
      .groupBy('currency')
      .execute(),
  ]);
  return {
    newUsers,
    promptsPublished,
    playgroundSessions,
    revenue: revenue.map((r) => ({ currency: r.currency, minor: Number(r.n ?? 0) })),
  };
}
