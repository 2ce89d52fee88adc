import crypto from 'node:crypto';
import { INVITATION_DAYS, TEAM_MESSAGES } from '../../../shared/teams';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { escapeHtml, normalizeEmail } from '../auth/service';
import type { TeamsDeps } from './deps';
import * as repo from './repository';
import { assertSeats, conflict, forbidden, inTeam, myMembership } from './rules';
import { toInvitation } from './team';

/** Invitations: sent by a team's managers (a mailed link, its token stored hashed), withdrawn, accepted. */

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Invites an address, within the seats; a new invitation to the same address replaces the open one. */
export async function invite(
  deps: TeamsDeps,
  auth: AuthContext,
  input: { email: string; role: 'admin' | 'member' },
) {
  const { db } = deps;
  const m = await myMembership(db, auth, true);
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
  await inTeam(deps, m.team_id, async (trx) => {
    if (await repo.isMemberByEmail(trx, m.team_id, normalized)) throw conflict(TEAM_MESSAGES.alreadyMember);
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
}

export async function revokeInvitation(
  { db }: Pick<TeamsDeps, 'db'>,
  auth: AuthContext,
  id: string,
): Promise<void> {
  const m = await myMembership(db, auth, true);
  if (!(await repo.revokeInvitation(db, m.team_id, id, nowIso()))) {
    throw new AppError('NOT_FOUND_ERROR', TEAM_MESSAGES.invitationNotFound);
  }
}

/** Accepts an invitation: the signed-in account must be the invited address's, in no other team. */
export async function join(deps: TeamsDeps, auth: AuthContext, token: string) {
  const { db } = deps;
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
  await inTeam(deps, invitation.team_id, async (trx) => {
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
}
