import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  AdminTeamListSchema,
  JoinedTeamSchema,
  MyTeamSchema,
  TEAM_MESSAGES,
  TeamCreateSchema,
  TeamDeleteSchema,
  TeamInvitationCreatedSchema,
  TeamInvitationParamsSchema,
  TeamInviteSchema,
  TeamJoinSchema,
  TeamMemberParamsSchema,
  TeamRoleSchema,
  TeamSchema,
  TeamTransferSchema,
} from '../../../shared/teams';
import type { TeamsService } from './service';

/*
 * Team workspaces under /api/team (issue 59, decision 060): the caller's own team, from a signed-in
 * session only (no route takes an API key). Who may do what is the service's: owners and admins
 * invite, withdraw, set roles and remove; any member leaves; the team keeps an owner; an owner
 * transfers the team or deletes it (decision 063).
 */
/*
 * The tighter limits of the writes that mail or make rows count per signed-in caller (a digest of
 * their token, never the token itself), beside the per-address limit every API route has.
 */
const perCaller = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      'team:' +
      crypto
        .createHash('sha256')
        .update(request.headers.authorization ?? request.ip)
        .digest('base64url')
        .slice(0, 22),
  },
});

export const teamRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['teams'];
  const security = [{ bearerAuth: [] }];
  const Empty = successEnvelope(z.null());
  const done = (message: string) => ({ success: true as const, data: null, message });

  app.get(
    '/team',
    {
      schema: {
        tags,
        summary: 'Your team (members, invitations for owners and admins, its library), or your plan seats',
        security,
        response: { 200: successEnvelope(MyTeamSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await teams.mine(request.auth!) }),
  );

  app.post(
    '/team',
    {
      config: perCaller(10),
      schema: {
        tags,
        summary: 'Create a team: needs a plan with more than one seat (403), and no team yet (409)',
        security,
        body: TeamCreateSchema,
        response: { 201: successEnvelope(TeamSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await teams.create(request.auth!, request.body),
        message: TEAM_MESSAGES.created,
      }),
  );

  app.post(
    '/team/invitations',
    {
      config: perCaller(30),
      schema: {
        tags,
        summary: 'Invite by e-mail (owners and admins); 409 when the plan has no seat left',
        security,
        body: TeamInviteSchema,
        response: { 201: successEnvelope(TeamInvitationCreatedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await teams.invite(request.auth!, request.body),
        message: TEAM_MESSAGES.invited(request.body.email),
      }),
  );

  app.delete(
    '/team/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation (owners and admins): its link stops working',
        security,
        params: TeamInvitationParamsSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await teams.revokeInvitation(request.auth!, request.params.id);
      return done(TEAM_MESSAGES.invitationRevoked);
    },
  );

  app.post(
    '/team/join',
    {
      config: perCaller(20),
      schema: {
        tags,
        summary: "Accept an invitation with its link's token, signed in with the invited e-mail",
        security,
        body: TeamJoinSchema,
        response: { 200: successEnvelope(JoinedTeamSchema) },
      },
    },
    async (request) => {
      const joined = await teams.join(request.auth!, request.body.token);
      return { success: true as const, data: joined, message: TEAM_MESSAGES.joined(joined.name) };
    },
  );

  app.put(
    '/team/members/:userId',
    {
      schema: {
        tags,
        summary: "Set a member's role (owners and admins; owners only for owners); the team keeps an owner",
        security,
        params: TeamMemberParamsSchema,
        body: TeamRoleSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await teams.setRole(request.auth!, request.params.userId, request.body.role);
      return done(TEAM_MESSAGES.roleChanged);
    },
  );

  app.delete(
    '/team/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (owners and admins; owners only for owners): their access ends at once',
        security,
        params: TeamMemberParamsSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await teams.remove(request.auth!, request.params.userId);
      return done(TEAM_MESSAGES.removed);
    },
  );

  app.post(
    '/team/transfer',
    {
      schema: {
        tags,
        summary: 'Make a member the team owner (owners only); you become an admin',
        security,
        body: TeamTransferSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      return done(TEAM_MESSAGES.transferred(await teams.transfer(request.auth!, request.body.userId)));
    },
  );

  app.delete(
    '/team',
    {
      schema: {
        tags,
        summary:
          'Delete the team (owners only): members lose its library and purchases at once; its prompts go back to their authors. 409 while it holds purchases, unless purchasesLost is true',
        security,
        body: TeamDeleteSchema,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await teams.deleteTeam(request.auth!, request.body);
      return done(TEAM_MESSAGES.deleted);
    },
  );

  app.post(
    '/team/leave',
    {
      schema: {
        tags,
        summary: 'Leave your team (its last owner cannot)',
        security,
        response: { 200: Empty },
      },
    },
    async (request) => {
      await teams.leave(request.auth!);
      return done(TEAM_MESSAGES.left);
    },
  );
};

/** GET /api/admin/teams, registered by the admin panel behind its admin check. */
export const adminTeamRoutes: FastifyPluginAsyncZod<{ teams: TeamsService }> = async (app, { teams }) => {
  app.get(
    '/teams',
    {
      schema: {
        tags: ['admin'],
        summary: 'Teams with their account holder, plan and seats (members, open invitations, allowed)',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(AdminTeamListSchema) },
      },
    },
    async () => ({ success: true as const, data: await teams.adminList() }),
  );
};
