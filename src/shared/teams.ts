import { z } from 'zod';
import { displayText } from './text';

/*
 * Team workspaces (issue 59, decision 060). A user whose plan has more than one seat makes a team
 * and invites members by e-mail; members and pending invitations together never exceed the seats of
 * the plan of the team's account holder (its first owner). A member belongs to one team at a time.
 * Prompts shared with the team are read by its members only.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles an invitation may give: owners are made from members, by an owner. */
export const INVITE_ROLES = ['admin', 'member'] as const;

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  created: 'Team created',
  invited: (email: string) => `Invitation sent to ${email}`,
  invitationRevoked: 'Invitation withdrawn',
  joined: (team: string) => `You joined ${team}`,
  roleChanged: 'Role updated',
  removed: 'Member removed',
  left: 'You left the team',
  noTeam: 'You are not in a team.',
  noSeats: 'Your plan has one seat. Upgrade to a plan with team seats to create a team.',
  alreadyInTeam: 'You are already in a team. Leave it first.',
  notManager: 'Only the team owner or an admin can do this.',
  notOwner: 'Only a team owner can do this.',
  seatsFull: (seats: number) =>
    `Your team is using all ${seats} seats of its plan. Remove a member or withdraw an invitation first, or upgrade the plan.`,
  alreadyMember: 'This person is already a member of the team.',
  memberNotFound: 'This member could not be found in your team.',
  invitationNotFound: 'This invitation could not be found.',
  invitationInvalid: 'This invitation link is not valid: it may have expired, been used or withdrawn.',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
  lastOwner: 'The team needs an owner: make another member an owner first.',
  ownerByOwner: 'Only a team owner can change or remove an owner.',
  useLeave: 'To leave the team, use Leave team.',
  transferred: (name: string) => `${name} is now the team owner`,
  transferToSelf: 'You are the owner already: choose another member.',
  deleted: 'Team deleted',
  purchasesWouldBeLost: (n: number) =>
    `The team owns ${n} ${n === 1 ? 'prompt' : 'prompts'} bought for it. Deleting the team ends every member's access to ${n === 1 ? 'it' : 'them'} and cannot be undone: confirm that ${n === 1 ? 'it is' : 'they are'} lost.`,
  ownerCannotDeleteAccount: (team: string) =>
    `You are the owner of the team ${team}. Make another member the owner, or delete the team, before deleting your account.`,
  boughtForTeam: (team: string) => `Bought for ${team}: every member has access`,
  promptNotPublishable: 'A team prompt stays in the team library: it cannot be published to the marketplace.',
} as const;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

export const TeamCreateSchema = z.object({
  name: displayText('Team name', { required: 'Please give the team a name' })
    .min(1, 'Please give the team a name')
    .min(2, 'The team name must be at least 2 characters')
    .max(60, 'The team name must be at most 60 characters'),
});

export const TeamInviteSchema = z.object({
  email,
  role: z.enum(INVITE_ROLES, { error: 'Role must be admin or member' }).default('member'),
});

export const TeamRoleSchema = z.object({
  role: z.enum(TEAM_ROLES, { error: 'Role must be owner, admin or member' }),
});

export const TeamJoinSchema = z.object({
  token: z
    .string({ error: 'The invitation token is missing' })
    .min(1, 'The invitation token is missing')
    .max(200),
});

export const TeamTransferSchema = z.object({ userId: z.string().min(1).max(100) });

/** DELETE /api/team: a team holding purchases is deleted only with `purchasesLost: true`. */
export const TeamDeleteSchema = z.object({ purchasesLost: z.boolean().default(false) });

export const TeamMemberParamsSchema = z.object({ userId: z.string().min(1).max(100) });
export const TeamInvitationParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const TeamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});

export const TeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const TeamPromptSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  authorName: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
});

/** A prompt bought for the team (decision 063): every current member reads and tries it. */
export const TeamPurchaseSchema = z.object({
  promptId: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  authorName: z.string(),
  /** Who paid, while their account exists. */
  boughtBy: z.string().nullable(),
  amountMinor: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  purchasedAt: z.string(),
});

export const TeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  myRole: z.enum(TEAM_ROLES),
  seats: z.object({ used: z.number().int(), allowed: z.number().int() }),
  planName: z.string(),
  members: z.array(TeamMemberSchema),
  /** Pending invitations: shown to owners and admins only (empty for members). */
  invitations: z.array(TeamInvitationSchema),
  library: z.array(TeamPromptSchema),
  purchases: z.array(TeamPurchaseSchema),
});

/** GET /api/team: the caller's team, or what their plan allows when they have none. */
export const MyTeamSchema = z.object({
  team: TeamSchema.nullable(),
  /** Seats of the caller's own plan: a team can be made when more than 1. */
  planSeats: z.number().int(),
  planName: z.string(),
});

export const TeamInvitationCreatedSchema = z.object({
  invitation: TeamInvitationSchema,
});

export const JoinedTeamSchema = z.object({ teamId: z.string(), name: z.string() });

/** GET /api/admin/teams. */
export const AdminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  planName: z.string(),
  seats: z.object({ members: z.number().int(), pending: z.number().int(), allowed: z.number().int() }),
  prompts: z.number().int(),
  /** Sessions drawn from the team's shared playground pool this month, of its plan's (decision 064). */
  playground: z.object({ used: z.number().int(), limit: z.number().int() }),
  createdAt: z.string(),
});
export const AdminTeamListSchema = z.object({ teams: z.array(AdminTeamSchema) });

export type TeamRoleInput = z.infer<typeof TeamRoleSchema>;
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;
export type TeamPrompt = z.infer<typeof TeamPromptSchema>;
export type TeamPurchase = z.infer<typeof TeamPurchaseSchema>;
export type Team = z.infer<typeof TeamSchema>;
export type MyTeam = z.infer<typeof MyTeamSchema>;
export type AdminTeam = z.infer<typeof AdminTeamSchema>;
