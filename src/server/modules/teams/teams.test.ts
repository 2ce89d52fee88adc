import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { apiHelpers } from '../../../../tests/support/api';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';

/*
 * Team workspaces (issue 59, decision 060) on both engines: who may make a team, invite, accept,
 * set roles, remove and leave; the seat rule under concurrent invitations and over generated
 * sequences; the team library read by members only, and no longer by one who left or was removed.
 */

let t: TestApp;
const { call, signUp, signInAdmin, quickUser } = apiHelpers(() => t);
let admin: { token: string };
let teamPlanId: string;
const SEATS = 3;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000', RATE_LIMIT_MAX: '100000' } });
  admin = await signInAdmin();
  const res = await call('POST', '/api/admin/plans', admin.token, {
    name: 'Premium Team',
    description: 'A team of three',
    price: { monthly: 19 },
    maxUsers: SEATS,
    limits: { playgroundSessions: -1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  teamPlanId = res.json().data.plan.id;
});
afterAll(() => t.close());

type User = { token: string; id: string; email: string };

/** A user on the plan with three seats. */
async function teamPlanUser(name = 'Tia Team'): Promise<User> {
  const user = await quickUser(name);
  await insertSubscription(t.database.db, user.id, teamPlanId);
  return user;
}

async function makeTeam(owner: User, name = 'Prompt Crew') {
  const res = await call('POST', '/api/team', owner.token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

/** The token of the newest invitation mailed to the address, as the link in the mail carries it. */
async function mailedToken(email: string): Promise<string> {
  const mail = await t.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const token = mail.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text_body}`);
  return token;
}

async function invite(by: User, email: string, role = 'member') {
  return call('POST', '/api/team/invitations', by.token, { email, role });
}

async function inviteAndJoin(owner: User, member: User, role = 'member') {
  expect((await invite(owner, member.email, role)).statusCode).toBe(201);
  const res = await call('POST', '/api/team/join', member.token, { token: await mailedToken(member.email) });
  expect(res.statusCode, res.body).toBe(200);
}

const myTeam = async (user: User) => (await call('GET', '/api/team', user.token)).json().data;

describe('making a team', () => {
  it('needs a plan with more than one seat, and a session', async () => {
    const free = await quickUser();
    const res = await call('POST', '/api/team', free.token, { name: 'Solo' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: TEAM_MESSAGES.noSeats });
    expect(await myTeam(free)).toMatchObject({ team: null, planSeats: 1 });
    expect((await call('POST', '/api/team', undefined, { name: 'Anon' })).statusCode).toBe(401);
  });

  it('validates the name and makes the maker its owner, once', async () => {
    const owner = await teamPlanUser();
    for (const name of ['', 'x', 'Team\u202E']) {
      const res = await call('POST', '/api/team', owner.token, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    await makeTeam(owner);
    const again = await call('POST', '/api/team', owner.token, { name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEAM_MESSAGES.alreadyInTeam);
    const data = await myTeam(owner);
    expect(data.team).toMatchObject({
      name: 'Prompt Crew',
      myRole: 'owner',
      seats: { used: 1, allowed: SEATS },
      planName: 'Premium Team',
    });
  });
});

describe('invitations', () => {
  it('mails a link whose token is stored hashed, and accepting signs the invitee into the team', async () => {
    const owner = await teamPlanUser('Olga Owner');
    await makeTeam(owner);
    const member = await quickUser('Mo Member');
    const res = await invite(owner, member.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(201);
    const token = await mailedToken(member.email.toUpperCase());
    const row = await t.database.db
      .selectFrom('team_invitations')
      .selectAll()
      .where('email_normalized', '=', member.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
    expect((await myTeam(owner)).team.invitations).toHaveLength(1);

    const joined = await call('POST', '/api/team/join', member.token, { token });
    expect(joined.json()).toMatchObject({ success: true, message: TEAM_MESSAGES.joined('Prompt Crew') });
    const seen = await myTeam(member);
    expect(seen.team).toMatchObject({
      myRole: 'member',
      seats: { used: 2, allowed: SEATS },
      invitations: [],
    });
    // The link is used up.
    const twice = await call('POST', '/api/team/join', member.token, { token });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(TEAM_MESSAGES.invitationInvalid);
  });

  it('is accepted only by the invited address, with an account, before it expires or is withdrawn', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const invited = await quickUser();
    const stranger = await quickUser();
    await invite(owner, invited.email);
    const token = await mailedToken(invited.email);
    expect((await call('POST', '/api/team/join', undefined, { token })).statusCode).toBe(401);
    const wrong = await call('POST', '/api/team/join', stranger.token, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(TEAM_MESSAGES.invitationOtherEmail(invited.email));
    const bad = await call('POST', '/api/team/join', invited.token, { token: 'nope' });
    expect(bad.json()).toMatchObject({ code: 'NOT_FOUND_ERROR', message: TEAM_MESSAGES.invitationInvalid });

    await t.database.db
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', invited.email)
      .execute();
    expect((await call('POST', '/api/team/join', invited.token, { token })).statusCode).toBe(404);

    await invite(owner, invited.email);
    const second = await mailedToken(invited.email);
    const { invitations } = (await myTeam(owner)).team;
    const del = await call('DELETE', `/api/team/invitations/${invitations[0].id}`, owner.token);
    expect(del.json()).toMatchObject({ success: true, message: TEAM_MESSAGES.invitationRevoked });
    expect((await call('POST', '/api/team/join', invited.token, { token: second })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/team/invitations/${invitations[0].id}`, owner.token)).statusCode).toBe(
      404,
    );
  });

  it('is sent by owners and admins only, never to a member, and validates the address', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const member = await quickUser();
    await inviteAndJoin(owner, member);
    const res = await invite(member, 'friend@example.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEAM_MESSAGES.notManager);
    const outsider = await quickUser();
    expect((await invite(outsider, 'x@example.test')).json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: TEAM_MESSAGES.noTeam,
    });
    expect((await invite(owner, member.email)).json().message).toBe(TEAM_MESSAGES.alreadyMember);
    const invalid = await invite(owner, 'not-an-address');
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
    });
    expect((await invite(owner, 'a@example.test', 'owner')).statusCode).toBe(400);
  });
});

describe('seats', () => {
  it('counts members and open invitations against the plan, with a message that says so', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    expect((await invite(owner, 'one@example.test')).statusCode).toBe(201);
    expect((await invite(owner, 'two@example.test')).statusCode).toBe(201);
    // Inviting the same address again replaces its invitation: no extra seat.
    expect((await invite(owner, 'two@example.test')).statusCode).toBe(201);
    const full = await invite(owner, 'three@example.test');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: TEAM_MESSAGES.seatsFull(SEATS) });
    expect((await myTeam(owner)).team.seats).toEqual({ used: 3, allowed: SEATS });
  });

  it('holds under concurrent invitations', async () => {
    const owner = await teamPlanUser();
    const team = await makeTeam(owner);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => invite(owner, `rush${i}.${team.id}@example.test`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(SEATS - 1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect((await myTeam(owner)).team.seats.used).toBe(SEATS);
  });

  it('holds under concurrent acceptances', async () => {
    const owner = await teamPlanUser();
    const team = await makeTeam(owner);
    const a = await quickUser();
    const b = await quickUser();
    await invite(owner, a.email);
    await invite(owner, b.email);
    const [ta, tb] = [await mailedToken(a.email), await mailedToken(b.email)];
    const results = await Promise.all([
      call('POST', '/api/team/join', a.token, { token: ta }),
      call('POST', '/api/team/join', b.token, { token: tb }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const members = await t.database.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.id)
      .execute();
    expect(members).toHaveLength(3);
  });
});

describe('roles, removal and leaving', () => {
  it('lets owners and admins set roles, admins never over owners, and keeps an owner', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const adm = await quickUser();
    const mem = await quickUser();
    await inviteAndJoin(owner, adm, 'admin');
    await inviteAndJoin(owner, mem);

    const byMember = await call('PUT', `/api/team/members/${adm.id}`, mem.token, { role: 'member' });
    expect(byMember.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: TEAM_MESSAGES.notManager });
    const adminOnOwner = await call('PUT', `/api/team/members/${owner.id}`, adm.token, { role: 'member' });
    expect(adminOnOwner.json().message).toBe(TEAM_MESSAGES.ownerByOwner);
    const adminMakesOwner = await call('PUT', `/api/team/members/${mem.id}`, adm.token, { role: 'owner' });
    expect(adminMakesOwner.statusCode).toBe(403);
    const lastOwner = await call('PUT', `/api/team/members/${owner.id}`, owner.token, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe(TEAM_MESSAGES.lastOwner);
    expect((await call('POST', '/api/team/leave', owner.token)).json().message).toBe(TEAM_MESSAGES.lastOwner);
    const bad = await call('PUT', `/api/team/members/${mem.id}`, owner.token, { role: 'boss' });
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Role must be owner, admin or member',
    });
    const stranger = await quickUser();
    expect(
      (await call('PUT', `/api/team/members/${stranger.id}`, owner.token, { role: 'admin' })).statusCode,
    ).toBe(404);

    expect((await call('PUT', `/api/team/members/${mem.id}`, adm.token, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/team/members/${adm.id}`, owner.token, { role: 'owner' })).statusCode,
    ).toBe(200);
    // With a second owner, the first may step down or leave.
    expect(
      (await call('PUT', `/api/team/members/${owner.id}`, owner.token, { role: 'member' })).statusCode,
    ).toBe(200);
    expect((await myTeam(owner)).team.myRole).toBe('member');
  });

  it('lets owners and admins remove members (admins not owners), and a member leave', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const adm = await quickUser();
    const mem = await quickUser();
    await inviteAndJoin(owner, adm, 'admin');
    await inviteAndJoin(owner, mem);
    expect((await call('DELETE', `/api/team/members/${owner.id}`, adm.token)).json().message).toBe(
      TEAM_MESSAGES.ownerByOwner,
    );
    expect((await call('DELETE', `/api/team/members/${adm.id}`, mem.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/team/members/${owner.id}`, owner.token)).json().message).toBe(
      TEAM_MESSAGES.useLeave,
    );
    const removed = await call('DELETE', `/api/team/members/${mem.id}`, adm.token);
    expect(removed.json()).toMatchObject({ success: true, message: TEAM_MESSAGES.removed });
    expect((await myTeam(mem)).team).toBeNull();
    expect((await call('POST', '/api/team/leave', adm.token)).json()).toMatchObject({
      message: TEAM_MESSAGES.left,
    });
    expect((await call('POST', '/api/team/leave', adm.token)).statusCode).toBe(404);
    expect((await myTeam(owner)).team.seats.used).toBe(1);
  });
});

describe('the team library', () => {
  async function sharedPrompt(author: User) {
    const res = await call('POST', '/api/user/prompts', author.token, {
      title: 'Team release notes',
      description: 'Turns a changelog into release notes for the team.',
      content: 'TEAM-SECRET write release notes for {{changes}}',
      category: 'writing',
      tags: ['release'],
      isPaid: false,
      status: 'draft',
      shareWithTeam: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.prompt.id as string;
  }

  const readText = async (user: User, id: string) => {
    const res = await call('GET', `/api/marketplace/prompts/${id}`, user.token);
    return res.statusCode === 200 ? (res.json().data.content as string | null) : res.statusCode;
  };

  it('is read and tried by members only; the wrong user, another team and a removed member get not found', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const mem = await quickUser();
    await inviteAndJoin(owner, mem);
    const id = await sharedPrompt(mem);

    expect(await readText(owner, id)).toContain('TEAM-SECRET');
    expect(await readText(mem, id)).toContain('TEAM-SECRET');
    const tried = await call('GET', `/api/playground/prompts/${id}`, owner.token);
    expect(tried.statusCode, tried.body).toBe(200);
    expect(tried.json().data.content).toContain('TEAM-SECRET');
    expect((await myTeam(owner)).team.library).toMatchObject([
      { id, title: 'Team release notes', canEdit: true },
    ]);

    const stranger = await quickUser();
    const otherOwner = await teamPlanUser();
    await makeTeam(otherOwner, 'Other Crew');
    for (const user of [stranger, otherOwner]) {
      expect(await readText(user, id)).toBe(404);
      expect((await call('GET', `/api/playground/prompts/${id}`, user.token)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/marketplace/prompts/${id}`)).statusCode).toBe(404);

    const author = await quickUser();
    await inviteAndJoin(owner, author);
    expect((await call('DELETE', `/api/team/members/${author.id}`, owner.token)).statusCode).toBe(200);
    // The member who shared it leaves: their own prompt stays theirs; another removed member loses it at once.
    expect(await readText(author, id)).toBe(404);
    expect((await call('POST', '/api/team/leave', mem.token)).statusCode).toBe(200);
    expect(await readText(mem, id)).toContain('TEAM-SECRET');
    expect(await readText(owner, id)).toContain('TEAM-SECRET');
  });

  it('is edited by its author and the team owner or admins, never published, and needs a team', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner);
    const mem = await quickUser();
    const other = await quickUser();
    await inviteAndJoin(owner, mem);
    await inviteAndJoin(owner, other);
    const id = await sharedPrompt(mem);
    const byOwner = await call('PUT', `/api/user/prompts/${id}`, owner.token, { title: 'Release notes v2' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(
      (await call('PUT', `/api/user/prompts/${id}`, other.token, { title: 'Mine now' })).statusCode,
    ).toBe(404);
    const publish = await call('POST', `/api/user/prompts/${id}/publish`, mem.token);
    expect(publish.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: TEAM_MESSAGES.promptNotPublishable,
    });
    const loner = await quickUser();
    const noTeam = await call('POST', '/api/user/prompts', loner.token, {
      title: 'Lonely',
      description: 'No team to share it with.',
      content: 'Say hello to {{name}} politely.',
      category: 'writing',
      tags: [],
      isPaid: false,
      shareWithTeam: true,
    });
    expect(noTeam.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: TEAM_MESSAGES.noTeam });
    const published = await call('POST', '/api/user/prompts', mem.token, {
      title: 'Straight out',
      description: 'Published at once.',
      content: 'Say hello to {{name}} politely.',
      category: 'writing',
      tags: [],
      isPaid: false,
      status: 'published',
      shareWithTeam: true,
    });
    expect(published.json().message).toBe(TEAM_MESSAGES.promptNotPublishable);
    // Nor does the admin panel publish one, by moderation or by its edit: a clear refusal, no 500.
    for (const [url, body] of [
      [`/api/admin/prompts/${id}/status`, { status: 'published' }],
      [`/api/admin/prompts/${id}`, { status: 'published' }],
    ] as const) {
      const res = await call('PUT', url, admin.token, body);
      expect(res.json(), url).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: TEAM_MESSAGES.promptNotPublishable,
      });
    }
    // The database refuses a published team prompt too.
    await expect(
      t.database.db.updateTable('prompts').set({ status: 'published' }).where('id', '=', id).execute(),
    ).rejects.toThrow();
  });
});

describe('admin', () => {
  it('lists teams with owner, plan and seats to admins only', async () => {
    const owner = await teamPlanUser('Hana Holder');
    const team = await makeTeam(owner, 'Listed Crew');
    await invite(owner, 'pending@example.test');
    const res = await call('GET', '/api/admin/teams', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teams.find((x: { id: string }) => x.id === team.id)).toMatchObject({
      name: 'Listed Crew',
      owner: { id: owner.id, name: 'Hana Holder' },
      planName: 'Premium Team',
      seats: { members: 1, pending: 1, allowed: SEATS },
    });
    expect((await call('GET', '/api/admin/teams', owner.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/teams')).statusCode).toBe(401);
  });
});

describe('a generated sequence of invite, accept, remove, leave and withdraw', () => {
  it('never lets members and open invitations exceed the seats, and access follows membership at once', async () => {
    const owner = await teamPlanUser();
    await makeTeam(owner, 'Fuzz Crew');
    const people = await Promise.all([1, 2, 3, 4].map(() => signUpQuick()));
    const promptRow = await insertPrompt(t.database.db, owner.id, { status: 'draft' });
    const team = await myTeam(owner);
    await t.database.db
      .updateTable('prompts')
      .set({ team_id: team.team.id })
      .where('id', '=', promptRow.id)
      .execute();
    const tokens = new Map<string, string>();

    const step = fc.record({
      op: fc.constantFrom('invite', 'accept', 'remove', 'leave', 'withdraw'),
      who: fc.integer({ min: 0, max: people.length - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const { op, who } of steps) {
          const p = people[who]!;
          if (op === 'invite') {
            const res = await invite(owner, p.email);
            if (res.statusCode === 201) tokens.set(p.email, await mailedToken(p.email));
          } else if (op === 'accept' && tokens.has(p.email)) {
            await call('POST', '/api/team/join', p.token, { token: tokens.get(p.email) });
          } else if (op === 'remove') {
            await call('DELETE', `/api/team/members/${p.id}`, owner.token);
          } else if (op === 'leave') {
            await call('POST', '/api/team/leave', p.token);
          } else if (op === 'withdraw') {
            const open = (await myTeam(owner)).team.invitations as { id: string; email: string }[];
            const mine = open.find((i) => i.email === p.email);
            if (mine) await call('DELETE', `/api/team/invitations/${mine.id}`, owner.token);
          }
          const seats = (await myTeam(owner)).team.seats;
          expect(seats.used).toBeLessThanOrEqual(SEATS);
          const members = new Set(
            (
              await t.database.db
                .selectFrom('team_members')
                .select('user_id')
                .where('team_id', '=', team.team.id)
                .execute()
            ).map((r) => r.user_id),
          );
          expect(seats.used).toBeGreaterThanOrEqual(members.size);
          // Every person reads the team prompt exactly while a member: removal or leaving ends it at once.
          const status = (await call('GET', `/api/marketplace/prompts/${promptRow.id}`, p.token)).statusCode;
          expect(status).toBe(members.has(p.id) ? 200 : 404);
        }
      }),
      { numRuns: 12 },
    );
  });
});

/** A quick user with a password-free session (many are needed). */
const signUpQuick = () => quickUser('Fuzzy Person');
void signUp;
