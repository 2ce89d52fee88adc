import type { Kysely } from 'kysely';
import { TEAM_MESSAGES } from '../../../shared/teams';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import type { TeamsDeps } from './deps';
import * as repo from './repository';
import { assertOwner, conflict, forbidden, inTeam, myMembership } from './rules';

/*
 * A team's owner and its end (decision 063): an owner hands the team to a member, or deletes it;
 * an account that is a team's last owner is not deleted while the team would be left ownerless.
 */

async function ownerOf(db: Kysely<DB>, auth: AuthContext) {
  const m = await myMembership(db, auth);
  if (m.role !== 'owner') throw forbidden(TEAM_MESSAGES.notOwner);
  return m;
}

/** The owner makes a member the owner and becomes an admin; the new owner's name. */
export async function transfer(deps: TeamsDeps, auth: AuthContext, userId: string): Promise<string> {
  if (userId === auth.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.transferToSelf);
  const m = await ownerOf(deps.db, auth);
  return inTeam(deps, m.team_id, async (trx) => {
    const me = await repo.findMember(trx, m.team_id, auth.userId);
    if (me?.role !== 'owner') throw forbidden(TEAM_MESSAGES.notOwner);
    if (!(await repo.findMember(trx, m.team_id, userId))) {
      throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.memberNotFound);
    }
    await repo.setRole(trx, m.team_id, userId, 'owner');
    await repo.setRole(trx, m.team_id, auth.userId, 'admin');
    await assertOwner(trx, m.team_id);
    return (await repo.findUser(trx, userId))?.name ?? 'The member';
  });
}

/**
 * The owner deletes the team: every member loses its library and its purchases at once; the team's
 * prompts go back to their authors, private. While the team holds purchases, only when the owner
 * confirmed that they are lost (`purchasesLost`).
 */
export async function deleteTeam(
  deps: TeamsDeps,
  auth: AuthContext,
  input: { purchasesLost: boolean },
): Promise<void> {
  const m = await ownerOf(deps.db, auth);
  await inTeam(deps, m.team_id, async (trx) => {
    const me = await repo.findMember(trx, m.team_id, auth.userId);
    if (me?.role !== 'owner') throw forbidden(TEAM_MESSAGES.notOwner);
    const purchases = await repo.countLivePurchases(trx, m.team_id);
    if (purchases > 0 && !input.purchasesLost) throw conflict(TEAM_MESSAGES.purchasesWouldBeLost(purchases));
    await repo.deleteTeam(trx, m.team_id);
  });
}

/**
 * Refuses to delete an account that is the last owner of its team (user's deleteAccount asks,
 * inside its transaction): the owner transfers the team or deletes it first.
 */
export async function assertAccountDeletable(db: Kysely<DB>, userId: string): Promise<void> {
  const m = await repo.findMembership(db, userId);
  if (m?.role === 'owner' && (await repo.countOwners(db, m.team_id)) === 1) {
    throw conflict(TEAM_MESSAGES.ownerCannotDeleteAccount(m.name));
  }
}
