import type { Insertable, Kysely } from 'kysely';
import type { DB, TeamInvitationsTable, TeamMembersTable } from '../../db/types';

/** All SQL of team workspaces (issue 59, decision 060). */

type Db = Kysely<DB>;

export const findMembership = (db: Db, userId: string) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['t.id as team_id', 't.name', 't.created_at', 'm.role'])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();

export const findMember = (db: Db, teamId: string, userId: string) =>
  db
    .selectFrom('team_members')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * Takes the team's row lock on PostgreSQL, so the seat and owner counts of concurrent changes to one
 * team are taken one after another (SQLite runs one write transaction at a time anyway).
 */
export const lockTeam = (db: Db, teamId: string) =>
  db.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().execute();

export const insertTeam = (
  db: Db,
  row: { id: string; name: string; created_by: string; created_at: string },
) => db.insertInto('teams').values(row).execute();

export const insertMember = (db: Db, row: Insertable<TeamMembersTable>) =>
  db.insertInto('team_members').values(row).execute();

export const listMembers = (db: Db, teamId: string) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'm.joined_at', 'u.name', 'u.email'])
    .where('m.team_id', '=', teamId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();

const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);

export const countMembers = (db: Db, teamId: string) =>
  count(
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow(),
  );

export const countOwners = (db: Db, teamId: string) =>
  count(
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow(),
  );

/** The team's account holder: its longest-standing owner, whose plan gives the seats. */
export const findHolder = (db: Db, teamId: string) =>
  db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email'])
    .where('m.team_id', '=', teamId)
    .where('m.role', '=', 'owner')
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .limit(1)
    .executeTakeFirst();

export const setRole = (db: Db, teamId: string, userId: string, role: TeamMembersTable['role']) =>
  db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();

export const deleteMember = (db: Db, teamId: string, userId: string) =>
  db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();

/** Invitations that still hold a seat: not accepted, not withdrawn, not expired. */
const pending = (db: Db, teamId: string, now: string) =>
  db
    .selectFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);

export const countPending = (db: Db, teamId: string, now: string) =>
  count(
    pending(db, teamId, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );

export const listPending = (db: Db, teamId: string, now: string) =>
  pending(db, teamId, now)
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const insertInvitation = (db: Db, row: Insertable<TeamInvitationsTable>) =>
  db.insertInto('team_invitations').values(row).execute();

/** Withdraws the team's open invitations of an address (a new one replaces them). */
export const revokePendingFor = (db: Db, teamId: string, emailNormalized: string, now: string) =>
  db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('team_id', '=', teamId)
    .where('email_normalized', '=', emailNormalized)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeInvitation = async (db: Db, teamId: string, id: string, now: string) =>
  Number(
    (
      await db
        .updateTable('team_invitations')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('team_id', '=', teamId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

export const findLiveInvitation = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('team_invitations as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .select(['i.id', 'i.team_id', 'i.email', 'i.email_normalized', 'i.role', 't.name as team_name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();

/** Marks a live invitation accepted; false when another request got there first. */
export const acceptInvitation = async (db: Db, id: string, now: string) =>
  Number(
    (
      await db
        .updateTable('team_invitations')
        .set({ accepted_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) > 0;

export const findUser = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .select(['email', 'email_normalized', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();

export const isMemberByEmail = async (db: Db, teamId: string, emailNormalized: string) =>
  Boolean(
    await db
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.team_id', '=', teamId)
      .where('u.email_normalized', '=', emailNormalized)
      .executeTakeFirst(),
  );

export const findPlan = (db: Db, planId: string) =>
  db
    .selectFrom('plans')
    .select(['max_users', 'name', 'team_sessions'])
    .where('id', '=', planId)
    .executeTakeFirst();

export const listLibrary = (db: Db, teamId: string) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.description',
      'p.updated_at',
      'p.author_id',
      'u.name as author_name',
    ])
    .where('p.team_id', '=', teamId)
    .where('p.status', '<>', 'archived')
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .execute();

/** Every team with its member, pending-invitation and prompt counts (the admin panel). */
export const listTeamsWithCounts = (db: Db, now: string) =>
  db
    .selectFrom('teams as t')
    .select((eb) => [
      't.id',
      't.name',
      't.created_at',
      eb
        .selectFrom('team_members as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.team_id', '=', 't.id')
        .as('members'),
      eb
        .selectFrom('team_invitations as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.team_id', '=', 't.id')
        .where('i.accepted_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .where('i.expires_at', '>', now)
        .as('pending'),
      eb
        .selectFrom('prompts as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.team_id', '=', 't.id')
        .as('prompts'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .execute();

/**
 * Deletes a team: its members and invitations go with it, its prompts go back to their authors
 * (prompts.team_id is set null) and its purchases are deleted (migration 0034).
 */
export const deleteTeam = (db: Db, teamId: string) =>
  db.deleteFrom('teams').where('id', '=', teamId).execute();

export const countLivePurchases = (db: Db, teamId: string) =>
  count(
    db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow(),
  );
