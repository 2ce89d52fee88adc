import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminTeam,
  INVITATION_DAYS,
  type MyTeam,
  TEAM_MESSAGES,
  type Team,
  type TeamInvitation,
  type TeamRole,
} from '../../../shared/teams';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { currentSubscription, findFreePlan } from '../billing/service';
import * as repo from './repository';

/*
 * Team workspaces (issue 59, decision 060). The seat rule has one owner, assertSeats: members and
 * open invitations together within the seats of the plan of the team's account holder (its
 * longest-standing owner), checked inside the transaction of every change that adds to either
 * count, on the state that change produced, after the team's row lock (PostgreSQL) so concurrent
 * invitations are counted one after another. The owner rule likewise: a team keeps an owner.
 * Membership is read per request, so a removed member loses access to the team's prompts at once.
 */

export interface TeamsDeps {
  db: Kysely<DB>;
  engine: Engine;
  mailer: Pick<Mailer, 'send' | 'wake'>;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const normalizeEmail = (email: string) => email.trim().toLowerCase();
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const conflict = (message: string) => new AppError('VALIDATION_ERROR', message, { status: 409 });
const forbidden = (message: string) => new AppError('AUTHORIZATION_ERROR', message);

/** The seats and name of a user's current plan, as billing says which plan that is. */
export async function planSeatsOf(
  db: Kysely<DB>,
  userId: string,
): Promise<{ seats: number; planName: string }> {
  const current = await currentSubscription(db, userId);
  const planId = current?.plan_id ?? (await findFreePlan(db))?.id;
  const plan = planId ? await repo.findPlan(db, planId) : undefined;
  return { seats: plan?.max_users ?? 1, planName: plan?.name ?? 'Free' };
}

/** A team's seats: used (members and open invitations) and allowed (its account holder's plan). */
async function teamSeats(db: Kysely<DB>, teamId: string, now: string) {
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
async function assertSeats(trx: Kysely<DB>, teamId: string, now: string): Promise<void> {
  const seats = await teamSeats(trx, teamId, now);
  if (seats.members + seats.pending > seats.allowed) throw conflict(TEAM_MESSAGES.seatsFull(seats.allowed));
}

/** The rule that a team keeps an owner, on the merged state of a change. */
async function assertOwner(trx: Kysely<DB>, teamId: string): Promise<void> {
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

export function createTeamsService(deps: TeamsDeps) {
  const { db, engine } = deps;

  /** A transaction over one team, holding its row lock on PostgreSQL. */
  const inTeam = <T>(teamId: string, work: (trx: Kysely<DB>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      if (engine === 'postgres') await repo.lockTeam(trx, teamId);
      return work(trx);
    });

  /** The caller's membership, or NOT_FOUND; with `manage`, owners and admins only. */
  async function myMembership(auth: AuthContext, manage = false) {
    const m = await repo.findMembership(db, auth.userId);
    if (!m) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.noTeam);
    if (manage && m.role === 'member') throw forbidden(TEAM_MESSAGES.notManager);
    return m;
  }

  async function present(userId: string): Promise<Team | null> {
    const m = await repo.findMembership(db, userId);
    if (!m) return null;
    const now = nowIso();
    const manager = m.role !== 'member';
    const [members, invitations, library, seats] = await Promise.all([
      repo.listMembers(db, m.team_id),
      manager ? repo.listPending(db, m.team_id, now) : Promise.resolve([]),
      repo.listLibrary(db, m.team_id),
      teamSeats(db, m.team_id, now),
    ]);
    return {
      id: m.team_id,
      name: m.name,
      createdAt: m.created_at,
      myRole: m.role,
      seats: { used: seats.members + seats.pending, allowed: seats.allowed },
      planName: seats.planName,
      members: members.map((r) => ({
        userId: r.user_id,
        name: r.name,
        email: r.email,
        role: r.role,
        joinedAt: r.joined_at,
      })),
      invitations: invitations.map(toInvitation),
      library: library.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        description: p.description,
        authorName: p.author_name,
        updatedAt: p.updated_at,
        canEdit: p.author_id === userId || manager,
      })),
    };
  }

  const toInvitation = (r: {
    id: string;
    email: string;
    role: 'admin' | 'member';
    created_at: string;
    expires_at: string;
  }): TeamInvitation => ({
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  });

  return {
    async mine(auth: AuthContext): Promise<MyTeam> {
      const [team, plan] = await Promise.all([present(auth.userId), planSeatsOf(db, auth.userId)]);
      return { team, planSeats: plan.seats, planName: plan.planName };
    },

    async create(auth: AuthContext, input: { name: string }): Promise<Team> {
      const { seats } = await planSeatsOf(db, auth.userId);
      if (auth.role === 'admin' || seats <= 1) throw forbidden(TEAM_MESSAGES.noSeats);
      if (await repo.findMembership(db, auth.userId)) throw conflict(TEAM_MESSAGES.alreadyInTeam);
      const now = nowIso();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertTeam(trx, { id, name: input.name, created_by: auth.userId, created_at: now });
        // team_members.user_id is unique: a concurrent second team for the same user fails here.
        await repo.insertMember(trx, { team_id: id, user_id: auth.userId, role: 'owner', joined_at: now });
      });
      return (await present(auth.userId))!;
    },

    async invite(auth: AuthContext, input: { email: string; role: 'admin' | 'member' }) {
      const m = await myMembership(auth, true);
      const email = input.email.trim();
      const normalized = normalizeEmail(email);
      const token = crypto.randomBytes(32).toString('base64url');
      const now = nowIso();
      const row = {
        id: newId(),
        team_id: m.team_id,
        email,
        email_normalized: normalized,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: auth.userId,
        created_at: now,
        expires_at: new Date(Date.parse(now) + INVITATION_DAYS * DAY_MS).toISOString(),
        accepted_at: null,
        revoked_at: null,
      };
      const inviter = await repo.findUser(db, auth.userId);
      const link = `${deps.publicUrl}/team/join/${token}`;
      await inTeam(m.team_id, async (trx) => {
        if (await repo.isMemberByEmail(trx, m.team_id, normalized))
          throw conflict(TEAM_MESSAGES.alreadyMember);
        // A new invitation to the same address replaces the open one: it holds one seat.
        await repo.revokePendingFor(trx, m.team_id, normalized, now);
        await repo.insertInvitation(trx, row);
        await assertSeats(trx, m.team_id, now);
        const who = inviter?.name ?? 'A teammate';
        await deps.mailer.send(
          {
            to: email,
            subject: `${who} invited you to ${m.name} on Promptforge`,
            text:
              `Hi,\n\n${who} invited you to join the team "${m.name}" on Promptforge as ${input.role === 'admin' ? 'an admin' : 'a member'}.\n` +
              `Open this link within ${INVITATION_DAYS} days to accept (you need a Promptforge account with this e-mail address):\n\n${link}\n\n` +
              `If you do not want to join, ignore this e-mail.\n`,
            html:
              `<p>Hi,</p><p>${escapeHtml(who)} invited you to join the team “${escapeHtml(m.name)}” on Promptforge.</p>` +
              `<p><a href="${link}">Accept the invitation</a> (the link works for ${INVITATION_DAYS} days; you need a Promptforge account with this e-mail address).</p>` +
              `<p>If you do not want to join, ignore this e-mail.</p>`,
          },
          { db: trx },
        );
      });
      deps.mailer.wake();
      return { invitation: toInvitation(row) };
    },

    async revokeInvitation(auth: AuthContext, id: string): Promise<void> {
      const m = await myMembership(auth, true);
      if (!(await repo.revokeInvitation(db, m.team_id, id, nowIso()))) {
        throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.invitationNotFound);
      }
    },

    async join(auth: AuthContext, token: string) {
      const now = nowIso();
      const invitation = await repo.findLiveInvitation(db, hashToken(token), now);
      if (!invitation) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.invitationInvalid);
      const user = await repo.findUser(db, auth.userId);
      if (!user || user.email_normalized !== invitation.email_normalized) {
        throw forbidden(TEAM_MESSAGES.invitationOtherEmail(invitation.email));
      }
      const current = await repo.findMembership(db, auth.userId);
      if (current?.team_id === invitation.team_id) throw conflict(TEAM_MESSAGES.alreadyMember);
      if (current) throw conflict(TEAM_MESSAGES.alreadyInTeam);
      await inTeam(invitation.team_id, async (trx) => {
        if (!(await repo.acceptInvitation(trx, invitation.id, now))) {
          throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.invitationInvalid);
        }
        await repo.insertMember(trx, {
          team_id: invitation.team_id,
          user_id: auth.userId,
          role: invitation.role,
          joined_at: now,
        });
        await assertSeats(trx, invitation.team_id, now);
      });
      return { teamId: invitation.team_id, name: invitation.team_name };
    },

    async setRole(auth: AuthContext, userId: string, role: TeamRole): Promise<void> {
      const m = await myMembership(auth, true);
      await inTeam(m.team_id, async (trx) => {
        const target = await repo.findMember(trx, m.team_id, userId);
        if (!target) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.memberNotFound);
        if (m.role !== 'owner' && (target.role === 'owner' || role === 'owner')) {
          throw forbidden(TEAM_MESSAGES.ownerByOwner);
        }
        await repo.setRole(trx, m.team_id, userId, role);
        await assertOwner(trx, m.team_id);
      });
    },

    async remove(auth: AuthContext, userId: string): Promise<void> {
      if (userId === auth.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.useLeave);
      const m = await myMembership(auth, true);
      await inTeam(m.team_id, async (trx) => {
        const target = await repo.findMember(trx, m.team_id, userId);
        if (!target) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.memberNotFound);
        if (m.role !== 'owner' && target.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerByOwner);
        await repo.deleteMember(trx, m.team_id, userId);
        await assertOwner(trx, m.team_id);
      });
    },

    async leave(auth: AuthContext): Promise<void> {
      const m = await myMembership(auth);
      await inTeam(m.team_id, async (trx) => {
        await repo.deleteMember(trx, m.team_id, auth.userId);
        await assertOwner(trx, m.team_id);
      });
    },

    /** The admin panel's list: every team, its account holder, plan and seats. */
    async adminList(): Promise<{ teams: AdminTeam[] }> {
      const now = nowIso();
      const rows = await repo.listTeamsWithCounts(db, now);
      const teams = await Promise.all(
        rows.map(async (r) => {
          const holder = await repo.findHolder(db, r.id);
          const plan = holder ? await planSeatsOf(db, holder.user_id) : { seats: 0, planName: 'None' };
          return {
            id: r.id,
            name: r.name,
            owner: holder ? { id: holder.user_id, name: holder.name, email: holder.email } : null,
            planName: plan.planName,
            seats: { members: Number(r.members ?? 0), pending: Number(r.pending ?? 0), allowed: plan.seats },
            prompts: Number(r.prompts ?? 0),
            createdAt: r.created_at,
          };
        }),
      );
      return { teams };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
