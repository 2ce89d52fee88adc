import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSubscription } from '../../../../tests/support/factories';
import { FREE_PLAN, type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import { LIMIT_REACHED_MESSAGE } from '../../../shared/playground';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { nowIso } from '../../lib/time';
import { monthOf } from './allowance';

/*
 * A team's shared playground pool (issue 59, decision 064), through the HTTP API on SQLite and
 * PostgreSQL: a member's own sessions first, then the team's pool, never past its size; removal
 * ends the draws at once; each member's use is for the team's owners and admins.
 */

let h: PlaygroundHarness;
let admin: { token: string };
const TEAM_PLAN = 'plan-team-pool';
const POOL = 2;

beforeAll(async () => {
  h = await startPlayground({ env: { RATE_LIMIT_MAX: '100000' } });
  admin = await h.signInAdmin();
  const now = nowIso();
  const db = h.t.database.db;
  // One session a month of their own keeps the tests short: the second is drawn from the pool.
  await db.updateTable('plans').set({ session_limit: 1 }).where('id', '=', FREE_PLAN).execute();
  await db
    .insertInto('plans')
    .values({
      id: TEAM_PLAN,
      slug: 'team-pool',
      name: 'Team',
      price_monthly_minor: 1900,
      session_limit: null,
      max_users: 10,
      team_sessions: POOL,
      sort_order: 3,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

type User = { token: string; id: string; email: string };

const usage = async (u: User) => (await h.call('GET', '/api/playground/usage', u.token)).json().data;
const pool = (u: User) => h.call('GET', '/api/playground/team-pool', u.token);
const chat = (u: User, message = 'hello') => h.chat(u.token, { message, model: 'claude' });

/** A team whose owner is on the team plan, with members on the free plan (one session of their own). */
async function team(members: number, roles: ('member' | 'admin')[] = []) {
  const owner = await h.quickUser('Olive Owner');
  await insertSubscription(h.t.database.db, owner.id, TEAM_PLAN);
  const made = await h.call('POST', '/api/team', owner.token, { name: 'Prompt Crew' });
  expect(made.statusCode, made.body).toBe(201);
  const people: User[] = [];
  for (let i = 0; i < members; i++) {
    const member = await h.quickUser(`Member ${i}`);
    const role = roles[i] ?? 'member';
    expect(
      (await h.call('POST', '/api/team/invitations', owner.token, { email: member.email, role })).statusCode,
    ).toBe(201);
    const mail = await h.t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', member.email)
      .executeTakeFirstOrThrow();
    const token = /\/team\/join\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    expect((await h.call('POST', '/api/team/join', member.token, { token })).statusCode).toBe(200);
    people.push(member);
  }
  return { owner, members: people, teamId: made.json().data.id as string };
}

/** Uses up the member's own session of the month. */
async function useOwn(u: User) {
  expect((await chat(u, 'my own')).statusCode).toBe(200);
  expect(await usage(u)).toMatchObject({ current: 1, limit: 1, countsAgainst: 'team' });
}

describe("a team's pool", () => {
  it("is drawn on once a member's own sessions are used up, and refused with the spec's message when empty", async () => {
    const { members, teamId } = await team(2);
    const [a, b] = members as [User, User];
    expect(await usage(a)).toMatchObject({
      current: 0,
      countsAgainst: 'plan',
      team: { teamId, name: 'Prompt Crew', used: 0, limit: POOL },
    });
    await useOwn(a);
    await useOwn(b);
    expect((await chat(a, 'from the pool')).statusCode).toBe(200);
    expect(await usage(b)).toMatchObject({ current: 1, countsAgainst: 'team', team: { used: 1 } });
    expect((await chat(b, 'the last one')).statusCode).toBe(200);
    expect(await usage(a)).toMatchObject({ current: 1, countsAgainst: 'none', team: { used: 2, limit: 2 } });

    const asked = h.fake.requests.length;
    const refused = await chat(a, 'one more');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: LIMIT_REACHED_MESSAGE });
    expect(h.fake.requests.length).toBe(asked);

    // The admin panel's team view shows the team's use of its pool.
    const listed = (await h.call('GET', '/api/admin/teams', admin.token)).json().data.teams;
    expect(listed.find((t: { id: string }) => t.id === teamId)).toMatchObject({
      playground: { used: 2, limit: POOL },
    });
    // A member's own count stays their own: the pool's draws are not in it.
    const me = (await h.call('GET', '/api/auth/me', a.token)).json().data.user.usage.playgroundSessions;
    expect(me).toMatchObject({ current: 1, limit: 1 });
  });

  it('gives back a draw whose first reply failed, and a later message of the chat keeps it', async () => {
    const { members } = await team(1);
    const [a] = members as [User];
    await useOwn(a);
    h.fake.next({ kind: 'status', status: 500, times: 3 });
    const failed = await chat(a, 'fails');
    expect(failed.statusCode).toBe(502);
    expect((await usage(a)).team.used).toBe(0);
    const [failedSession] = (await h.call('GET', '/api/playground/sessions', a.token)).json().data.sessions;
    const sessionId = failedSession.id as string;
    expect((await h.chat(a.token, { message: 'again', model: 'claude', sessionId })).statusCode).toBe(200);
    expect((await h.chat(a.token, { message: 'and again', model: 'claude', sessionId })).statusCode).toBe(
      200,
    );
    expect((await usage(a)).team.used).toBe(1);
  });

  it('counts a compare per column: with one left in the pool, the second column is refused', async () => {
    const { members } = await team(1);
    const [a] = members as [User];
    await useOwn(a);
    expect((await chat(a, 'one of two')).statusCode).toBe(200);
    const res = await h.call('POST', '/api/playground/compare', a.token, {
      message: 'side by side',
      columns: [{ model: 'claude' }, { model: 'chatgpt' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const columns = res.json().data.columns as { reply: unknown; error: { message: string } | null }[];
    expect(columns[0]!.reply).not.toBeNull();
    expect(columns[1]!.error).toMatchObject({ message: LIMIT_REACHED_MESSAGE });
    expect((await usage(a)).team).toMatchObject({ used: 2, limit: 2 });
  });

  it('stops at once for a member who is removed or leaves', async () => {
    const { owner, members } = await team(2);
    const [a, b] = members as [User, User];
    await useOwn(a);
    await useOwn(b);
    expect((await h.call('DELETE', `/api/team/members/${a.id}`, owner.token)).statusCode).toBe(200);
    const removed = await chat(a, 'still there?');
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe(LIMIT_REACHED_MESSAGE);
    expect(await usage(a)).toMatchObject({ team: null, countsAgainst: 'none' });
    expect((await pool(a)).statusCode).toBe(404);

    expect((await h.call('POST', '/api/team/leave', b.token)).statusCode).toBe(200);
    expect((await chat(b, 'after leaving')).statusCode).toBe(403);
    expect((await pool(owner)).json().data).toMatchObject({ used: 0 });
  });

  it("shows each member's use to owners and admins only; someone in no team gets not found", async () => {
    const { owner, members, teamId } = await team(2, ['admin', 'member']);
    const [manager, member] = members as [User, User];
    await useOwn(member);
    expect((await chat(member, 'pooled')).statusCode).toBe(200);

    for (const who of [owner, manager]) {
      const res = await pool(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ teamId, name: 'Prompt Crew', used: 1, limit: POOL });
      expect(res.json().data.members).toEqual([{ userId: member.id, sessions: 1 }]);
    }
    const mine = await pool(member);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ used: 1, limit: POOL, members: null });

    const stranger = await h.quickUser();
    const res = await pool(stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND_ERROR', message: TEAM_MESSAGES.noTeam });
    expect((await h.call('GET', '/api/playground/team-pool')).statusCode).toBe(401);
  });

  it('lets exactly the last session through when members send first messages at once', async () => {
    const { members } = await team(3);
    for (const m of members) await useOwn(m);
    expect((await chat(members[0]!, 'one of two')).statusCode).toBe(200);
    h.fake.setFallback({ kind: 'reply', text: 'ok', delayMs: 5 });
    const results = await Promise.all(members.flatMap((m) => [chat(m, 'race'), chat(m, 'race again')]));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403, 403]);
    expect((await usage(members[1]!)).team).toMatchObject({ used: 2, limit: 2 });
  });
});

describe('the pool table', () => {
  it('refuses a month used past its size, or below zero, in the database itself', async () => {
    const { teamId } = await team(0);
    const db = h.t.database.db;
    const month = monthOf();
    await db.insertInto('team_pool_months').values({ team_id: teamId, month, used: 2, size: 2 }).execute();
    await expect(
      db
        .updateTable('team_pool_months')
        .set({ used: sql`used + 1` })
        .where('team_id', '=', teamId)
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db.updateTable('team_pool_months').set({ used: -1 }).where('team_id', '=', teamId).execute(),
    ).rejects.toThrow(/check/i);
  });
});
