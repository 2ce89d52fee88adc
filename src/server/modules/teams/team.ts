import type { AdminTeam, MyTeam, Team, TeamInvitation } from '../../../shared/teams';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { teamPurchases } from '../billing/service';
import { poolsUsed } from '../playground/pool-usage';
import type { TeamsDeps } from './deps';
import * as repo from './repository';
import { conflict, forbidden, planSeatsOf, teamSeats } from './rules';

/** A user's team as its page shows it; making a team; the admin panel's list of teams. */

export const toInvitation = (r: {
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

/** The user's team with its members, open invitations (to its managers), library, purchases and seats. */
async function present({ db }: Pick<TeamsDeps, 'db'>, userId: string): Promise<Team | null> {
  const m = await repo.findMembership(db, userId);
  if (!m) return null;
  const now = nowIso();
  const manager = m.role !== 'member';
  const [members, invitations, library, seats, purchases] = await Promise.all([
    repo.listMembers(db, m.team_id),
    manager ? repo.listPending(db, m.team_id, now) : Promise.resolve([]),
    repo.listLibrary(db, m.team_id),
    teamSeats(db, m.team_id, now),
    teamPurchases(db, m.team_id),
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
    purchases,
  };
}

export async function mine(deps: Pick<TeamsDeps, 'db'>, auth: AuthContext): Promise<MyTeam> {
  const [team, plan] = await Promise.all([present(deps, auth.userId), planSeatsOf(deps.db, auth.userId)]);
  return { team, planSeats: plan.seats, planName: plan.planName };
}

/** A new team, its maker its owner: on a plan with more than one seat, for someone in no team. */
export async function create(
  deps: Pick<TeamsDeps, 'db'>,
  auth: AuthContext,
  input: { name: string },
): Promise<Team> {
  const { db } = deps;
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
  return (await present(deps, auth.userId))!;
}

/** The admin panel's list: every team, its account holder, plan, seats and shared playground use. */
export async function adminList({ db }: Pick<TeamsDeps, 'db'>): Promise<{ teams: AdminTeam[] }> {
  const now = nowIso();
  const rows = await repo.listTeamsWithCounts(db, now);
  const used = await poolsUsed(
    db,
    rows.map((r) => r.id),
  );
  const teams = await Promise.all(
    rows.map(async (r) => {
      const holder = await repo.findHolder(db, r.id);
      const plan = holder
        ? await planSeatsOf(db, holder.user_id)
        : { seats: 0, planName: 'None', teamSessions: 0 };
      return {
        id: r.id,
        name: r.name,
        owner: holder ? { id: holder.user_id, name: holder.name, email: holder.email } : null,
        planName: plan.planName,
        seats: { members: Number(r.members ?? 0), pending: Number(r.pending ?? 0), allowed: plan.seats },
        prompts: Number(r.prompts ?? 0),
        playground: { used: used.get(r.id) ?? 0, limit: plan.teamSessions },
        createdAt: r.created_at,
      };
    }),
  );
  return { teams };
}
