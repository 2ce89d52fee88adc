import type { Kysely } from 'kysely';
import { type TeamRole, TEAM_MESSAGES } from '../../../shared/teams';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import { currentSubscription, findFreePlan } from '../billing/service';
import type { TeamsDeps } from './deps';
import * as repo from './repository';

/*
 * The team rules (issue 59, decision 060). The seat rule has one owner, assertSeats: members and
 * open invitations together within the seats of the plan of the team's account holder (its
 * longest-standing owner), checked inside the transaction of every change that adds to either
 * count, on the state that change produced, after the team's row lock (PostgreSQL, inTeam) so
 * concurrent invitations are counted one after another. The owner rule likewise: a team keeps an
 * owner. Membership is read per request, so a removed member loses access to the team's prompts at
 * once.
 */

export const conflict = (message: string) => new AppError('VALIDATION_ERROR', message, { status: 409 });
export const forbidden = (message: string) => new AppError('AUTHORIZATION_ERROR', message);

/**
 * The seats, team playground pool (sessions a month, decision 064) and name of a user's current
 * plan, as billing says which plan that is.
 */
export async function planSeatsOf(
  db: Kysely<DB>,
  userId: string,
): Promise<{ seats: number; planName: string; teamSessions: number }> {
  const current = await currentSubscription(db, userId);
  const planId = current?.plan_id ?? (await findFreePlan(db))?.id;
  const plan = planId ? await repo.findPlan(db, planId) : undefined;
  return {
    seats: plan?.max_users ?? 1,
    planName: plan?.name ?? 'Free',
    teamSessions: plan?.team_sessions ?? 0,
  };
}

/**
 * The plan a team is on: its account holder's current plan (billing's rule), else the free plan;
 * null for a team with no owner left or no free plan. Team API keys (decision 071) ask it for API
 * access and their playground's models.
 */
export async function teamPlanId(db: Kysely<DB>, teamId: string): Promise<string | null> {
  const holder = await repo.findHolder(db, teamId);
  if (!holder) return null;
  const current = await currentSubscription(db, holder.user_id);
  return current?.plan_id ?? (await findFreePlan(db))?.id ?? null;
}

/** A team's monthly playground pool: its account holder's plan's team sessions. */
export async function teamSessionsOf(db: Kysely<DB>, teamId: string): Promise<number> {
  const holder = await repo.findHolder(db, teamId);
  return holder ? (await planSeatsOf(db, holder.user_id)).teamSessions : 0;
}

export interface TeamPool {
  teamId: string;
  name: string;
  role: TeamRole;
  /** Sessions a month the team's plan gives the pool. */
  sessions: number;
}

/**
 * The team whose playground pool the user may draw on (decision 064), or null. With `lock`, inside
 * the caller's transaction: on PostgreSQL the team's row is locked and the membership read again
 * under it, so a removal or leave (which take the same lock, inTeam) that committed first is seen
 * and one still running waits: no draw is made by someone no longer in the team.
 */
export async function teamPoolOf(db: Kysely<DB>, userId: string, lock?: Engine): Promise<TeamPool | null> {
  let m = await repo.findMembership(db, userId);
  if (m && lock === 'postgres') {
    await repo.lockTeam(db, m.team_id);
    m = await repo.findMembership(db, userId);
  }
  if (!m) return null;
  return { teamId: m.team_id, name: m.name, role: m.role, sessions: await teamSessionsOf(db, m.team_id) };
}

/** A team's seats: used (members and open invitations) and allowed (its account holder's plan). */
export async function teamSeats(db: Kysely<DB>, teamId: string, now: string) {
  const [holder, members, pending] = await Promise.all([
    repo.findHolder(db, teamId),
    repo.countMembers(db, teamId),
    repo.countPending(db, teamId, now),
  ]);
  const plan = holder ? await planSeatsOf(db, holder.user_id) : { seats: 0, planName: 'None' };
  return { holder, members, pending, allowed: plan.seats, planName: plan.planName };
}

/**
 * The seat rule, on the merged state: called inside the transaction of a change, after its write,
 * so a refusal rolls the change back.
 */
export async function assertSeats(trx: Kysely<DB>, teamId: string, now: string): Promise<void> {
  const seats = await teamSeats(trx, teamId, now);
  if (seats.members + seats.pending > seats.allowed) throw conflict(TEAM_MESSAGES.seatsFull(seats.allowed));
}

/** The rule that a team keeps an owner, on the merged state of a change. */
export async function assertOwner(trx: Kysely<DB>, teamId: string): Promise<void> {
  if ((await repo.countOwners(trx, teamId)) < 1) throw conflict(TEAM_MESSAGES.lastOwner);
}

/** Whether the user is a member of the team now (prompt-access asks, per request). */
export const isTeamMember = async (db: Kysely<DB>, teamId: string, userId: string) =>
  Boolean(await repo.findMember(db, teamId, userId));

/** The user's team and role, or nothing. */
export const membershipOf = (db: Kysely<DB>, userId: string) => repo.findMembership(db, userId);

/** Whether the user may edit a team prompt of another author: an owner or admin of its team. */
export async function managesTeam(db: Kysely<DB>, teamId: string, userId: string): Promise<boolean> {
  const member = await repo.findMember(db, teamId, userId);
  return member?.role === 'owner' || member?.role === 'admin';
}

/**
 * The team the user may buy prompts for (decision 063): their own, as its owner or an admin. A
 * member is refused (403), someone in no team answered NOT_FOUND.
 */
export const teamBuyer = (db: Kysely<DB>, userId: string) => managedTeamOf(db, userId);

/**
 * The team the user manages, as its owner or an admin: a member is refused (403), someone in no
 * team answered NOT_FOUND. Buying for the team (decision 063) and its API keys (decision 071) ask it.
 */
export async function managedTeamOf(
  db: Kysely<DB>,
  userId: string,
): Promise<{ teamId: string; name: string }> {
  const m = await repo.findMembership(db, userId);
  if (!m) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.noTeam);
  if (m.role === 'member') throw forbidden(TEAM_MESSAGES.notManager);
  return { teamId: m.team_id, name: m.name };
}

/** A transaction over one team, holding its row lock on PostgreSQL. */
export const inTeam = <T>(
  deps: Pick<TeamsDeps, 'db' | 'engine'>,
  teamId: string,
  work: (trx: Kysely<DB>) => Promise<T>,
) =>
  deps.db.transaction().execute(async (trx) => {
    if (deps.engine === 'postgres') await repo.lockTeam(trx, teamId);
    return work(trx);
  });

/** The caller's membership, or NOT_FOUND; with `manage`, owners and admins only. */
export async function myMembership(db: Kysely<DB>, auth: AuthContext, manage = false) {
  const m = await repo.findMembership(db, auth.userId);
  if (!m) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.noTeam);
  if (manage && m.role === 'member') throw forbidden(TEAM_MESSAGES.notManager);
  return m;
}
