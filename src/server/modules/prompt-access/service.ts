import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { AuthContext } from '../../plugins/app/auth';
import { isTeamMember } from '../teams/service';
import * as repo from './repository';

/*
 * The one owner of "may this user see this prompt, read its text, or try it" (issue 51, decision
 * 039). The marketplace (pages, downloads, reviews) and the playground (trying a prompt, a chat
 * turn) ask here; each reads its own row of the prompt and passes it in. Each rule is one pure
 * function of the prompt, the viewer, whether the viewer owns the prompt and whether they are in the
 * prompt's team; promptAccess() looks each up only when a rule needs it. A team prompt (issue 59,
 * decision 060) is private to its team whatever its status: its members read it, nobody else but
 * its author and admins sees it, and membership is read per request, so leaving ends access at once.
 * "Owns" is a purchase of the viewer's own or of the team they are a member of now (decision 063),
 * in one query: a team's purchase entitles exactly its current members.
 */

/** Why a viewer may read a prompt's full text, or 'locked' when they may not. */
export type ReadReason = 'author' | 'admin' | 'team' | 'free' | 'purchased' | 'locked';

/** The columns of a prompt the rules look at. */
export interface AccessSubject {
  id: string;
  type: string;
  status: string;
  author_id: string;
  /** The team the prompt is shared with, if any. */
  team_id: string | null;
}

/**
 * Who is asking: nobody (userId null), a signed-in user, an admin acting through the admin panel, or
 * a team's API key (decision 071): `team` set, the key acting for the team through its creator
 * (`userId`). A team key reads what the team has (its prompts, its purchases, free prompts), never
 * its creator's own drafts or purchases.
 */
export interface Viewer {
  userId: string | null;
  admin: boolean;
  team?: string | null;
}

/*
 * Admin privileges over content (drafts, premium text) come with the admin-panel token only: a web
 * sign-in skips the admin panel's two-factor check and IP whitelist, so it must not unlock them.
 */
export const actsAsAdmin = (auth: AuthContext | null): boolean =>
  auth?.audience === 'admin' && auth.role === 'admin';

export const viewerOf = (auth: AuthContext | null): Viewer => ({
  userId: auth?.userId ?? null,
  admin: actsAsAdmin(auth),
  team: auth?.apiKey?.teamId ?? null,
});

const isAuthor = (prompt: AccessSubject, viewer: Viewer) =>
  !viewer.team && viewer.userId !== null && prompt.author_id === viewer.userId;

/**
 * Whether the prompt exists for the viewer (its page, its reviews, the playground): a published
 * prompt for everyone; any other to its author and admins, and to a buyer whatever became of it
 * (archived, unpublished, rejected): buyers own what they bought.
 */
export function canSee(prompt: AccessSubject, viewer: Viewer, owns: boolean, inTeam = false): boolean {
  if (prompt.team_id !== null) return isAuthor(prompt, viewer) || viewer.admin || inTeam;
  return prompt.status === 'published' || isAuthor(prompt, viewer) || viewer.admin || owns;
}

/**
 * Why the viewer may read the full text: its author, an admin, a member of its team (a team prompt
 * is read by no one else), a free prompt, a buyer; else locked.
 */
export function readReason(prompt: AccessSubject, viewer: Viewer, owns: boolean, inTeam = false): ReadReason {
  if (isAuthor(prompt, viewer)) return 'author';
  if (viewer.admin) return 'admin';
  if (prompt.team_id !== null) return inTeam ? 'team' : 'locked';
  if (prompt.type !== 'premium') return 'free';
  if (owns) return 'purchased';
  return 'locked';
}

/**
 * Whether using the prompt in the playground is a premium try (limited in number, its text added
 * on the server and never shown): a prompt the viewer sees but may not read.
 */
export const isPremiumTry = (visible: boolean, reason: ReadReason): boolean => visible && reason === 'locked';

/** Whether ownership can change any answer above, so it is worth a query. */
const ownershipMatters = (prompt: AccessSubject, viewer: Viewer) =>
  viewer.userId !== null &&
  !isAuthor(prompt, viewer) &&
  !viewer.admin &&
  prompt.team_id === null &&
  (prompt.status !== 'published' || prompt.type === 'premium');

export interface PromptAccess {
  /** The prompt exists for this viewer; when false, answer "not found". */
  visible: boolean;
  reason: ReadReason;
  /** Visible and readable: the full text may be sent. */
  canRead: boolean;
  /** Visible, not readable: the playground may use it as a counted premium try. */
  premiumTry: boolean;
  /** Whose purchase lets the viewer own it: theirs, their team's (decision 063), or none looked up. */
  purchase: 'own' | 'team' | null;
}

/** Whether team membership can change any answer above: a team prompt of another author. */
const membershipMatters = (prompt: AccessSubject, viewer: Viewer) =>
  viewer.userId !== null && prompt.team_id !== null && !isAuthor(prompt, viewer) && !viewer.admin;

/** The viewer's access to a prompt, the purchase and the membership looked up only when they matter. */
export async function promptAccess(
  db: Kysely<DB>,
  prompt: AccessSubject,
  auth: AuthContext | null,
): Promise<PromptAccess> {
  const viewer = viewerOf(auth);
  const purchase = !ownershipMatters(prompt, viewer)
    ? null
    : viewer.team
      ? await repo.teamPurchaseOf(db, prompt.id, viewer.team)
      : await repo.livePurchaseOf(db, prompt.id, viewer.userId!);
  const owns = purchase !== null;
  // A team key is checked against its team on every call (its creator still manages it).
  const inTeam = !membershipMatters(prompt, viewer)
    ? false
    : viewer.team
      ? prompt.team_id === viewer.team
      : await isTeamMember(db, prompt.team_id!, viewer.userId!);
  const visible = canSee(prompt, viewer, owns, inTeam);
  const reason = readReason(prompt, viewer, owns, inTeam);
  return {
    visible,
    reason,
    canRead: visible && reason !== 'locked',
    premiumTry: isPremiumTry(visible, reason),
    purchase,
  };
}

/**
 * Through whose purchase the user owns the prompt: their own ('own'), the team they are a member of
 * now ('team', decision 063), or none (null); refunded purchases count for nothing. Checkout asks it
 * before charging.
 */
export const ownedThrough = (db: Kysely<DB>, promptId: string, userId: string) =>
  repo.livePurchaseOf(db, promptId, userId);

/** Whether the user owns the prompt, through their own purchase or their team's. */
export const ownsPrompt = async (db: Kysely<DB>, promptId: string, userId: string) =>
  (await ownedThrough(db, promptId, userId)) !== null;
