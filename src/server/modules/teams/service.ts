import type { TeamRole } from '../../../shared/teams';
import type { AuthContext } from '../../plugins/app/auth';
import type { TeamsDeps } from './deps';
import * as invitations from './invitations';
import * as members from './members';
import * as ownership from './ownership';
import * as team from './team';

/*
 * Teams' public surface (issue 59, decision 060): what its routes, services.ts and other modules
 * use. The work is done by plain functions over TeamsDeps, one file per job: rules.ts (the seat and
 * owner rules, membership, the team's lock), team.ts (a user's team, making one, the admin's list),
 * invitations.ts, members.ts, ownership.ts (transfer, deleting the team, an owner's account);
 * repository.ts holds their SQL.
 */

export type { TeamsDeps } from './deps';
export { assertAccountDeletable } from './ownership';
export {
  isTeamMember,
  managedTeamOf,
  managesTeam,
  membershipOf,
  planSeatsOf,
  teamBuyer,
  type TeamPool,
  teamPlanId,
  teamPoolOf,
} from './rules';

/** Teams bound to their dependencies, for the routes. */
export function createTeamsService(deps: TeamsDeps) {
  return {
    mine: (auth: AuthContext) => team.mine(deps, auth),
    create: (auth: AuthContext, input: { name: string }) => team.create(deps, auth, input),
    invite: (auth: AuthContext, input: { email: string; role: 'admin' | 'member' }) =>
      invitations.invite(deps, auth, input),
    revokeInvitation: (auth: AuthContext, id: string) => invitations.revokeInvitation(deps, auth, id),
    join: (auth: AuthContext, token: string) => invitations.join(deps, auth, token),
    setRole: (auth: AuthContext, userId: string, role: TeamRole) => members.setRole(deps, auth, userId, role),
    remove: (auth: AuthContext, userId: string) => members.remove(deps, auth, userId),
    leave: (auth: AuthContext) => members.leave(deps, auth),
    transfer: (auth: AuthContext, userId: string) => ownership.transfer(deps, auth, userId),
    deleteTeam: (auth: AuthContext, input: { purchasesLost: boolean }) =>
      ownership.deleteTeam(deps, auth, input),
    /** The admin panel's list: every team, its account holder, plan and seats. */
    adminList: () => team.adminList(deps),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
