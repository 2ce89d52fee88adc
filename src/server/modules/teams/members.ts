import { type TeamRole, TEAM_MESSAGES } from '../../../shared/teams';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import type { TeamsDeps } from './deps';
import * as repo from './repository';
import { assertOwner, forbidden, inTeam, myMembership } from './rules';

/** Members: roles set and members removed by the team's managers (owners over owners), leaving. */

export async function setRole(
  deps: TeamsDeps,
  auth: AuthContext,
  userId: string,
  role: TeamRole,
): Promise<void> {
  const m = await myMembership(deps.db, auth, true);
  await inTeam(deps, m.team_id, async (trx) => {
    const target = await repo.findMember(trx, m.team_id, userId);
    if (!target) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.memberNotFound);
    if (m.role !== 'owner' && (target.role === 'owner' || role === 'owner')) {
      throw forbidden(TEAM_MESSAGES.ownerByOwner);
    }
    await repo.setRole(trx, m.team_id, userId, role);
    await assertOwner(trx, m.team_id);
  });
}

export async function remove(deps: TeamsDeps, auth: AuthContext, userId: string): Promise<void> {
  if (userId === auth.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.useLeave);
  const m = await myMembership(deps.db, auth, true);
  await inTeam(deps, m.team_id, async (trx) => {
    const target = await repo.findMember(trx, m.team_id, userId);
    if (!target) throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.memberNotFound);
    if (m.role !== 'owner' && target.role === 'owner') throw forbidden(TEAM_MESSAGES.ownerByOwner);
    await repo.deleteMember(trx, m.team_id, userId);
    await assertOwner(trx, m.team_id);
  });
}

export async function leave(deps: TeamsDeps, auth: AuthContext): Promise<void> {
  const m = await myMembership(deps.db, auth);
  await inTeam(deps, m.team_id, async (trx) => {
    await repo.deleteMember(trx, m.team_id, auth.userId);
    await assertOwner(trx, m.team_id);
  });
}
