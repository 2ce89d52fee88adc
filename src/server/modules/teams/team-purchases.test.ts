import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../shared/billing';
import { TEAM_MESSAGES } from '../../../shared/teams';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import type { FakeRazorpay } from '../../../../tests/support/fake-razorpay';
import type { TestApp } from '../../../../tests/support/test-app';

/*
 * Prompts bought for a team, deleting a team, handing it on, and an owner's account (issue 59,
 * decision 063), on SQLite and PostgreSQL against the fake Razorpay: one purchase entitles exactly
 * the team's current members, a refund or the team's end takes it back, and the wrong role is refused.
 */

let t: TestApp;
let fake: FakeRazorpay;
beforeAll(async () => {
  ({ t, fake } = await startBillingApp());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { db, signUp, adminToken, call, planId, premiumPrompt } = billingHelpers(() => t);
type User = { token: string; id: string; email: string };
const HIDDEN = 'write like a pirate poet';

/** A user on Business (its seeded seats), with a team of their own. */
async function teamOwner(name = 'Olga Owner'): Promise<User> {
  const owner = await signUp(name);
  await insertSubscription(db(), owner.id, await planId('business'));
  const res = await call('POST', '/api/team', owner.token, { name: 'Prompt Crew' });
  expect(res.statusCode, res.body).toBe(201);
  return owner;
}

async function join(owner: User, role: 'member' | 'admin' = 'member', name = 'Mia Member'): Promise<User> {
  const user = await signUp(name);
  expect(
    (await call('POST', '/api/team/invitations', owner.token, { email: user.email, role })).statusCode,
  ).toBe(201);
  const mail = await db()
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', user.email)
    .executeTakeFirstOrThrow();
  const token = mail.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)![1];
  expect((await call('POST', '/api/team/join', user.token, { token })).statusCode).toBe(200);
  return user;
}

/** Buys through checkout and the fake gateway; the verify's answer. */
async function buy(user: User, promptId: string, forTeam: boolean) {
  const order = await call('POST', '/api/payments/create-order', user.token, { promptId, forTeam });
  expect(order.statusCode, order.body).toBe(200);
  return call('POST', '/api/payments/verify', user.token, fake.pay(order.json().data.orderId));
}

/** Whether the user reads the prompt's text: its page, its download and the playground agree. */
async function reads(user: User, promptId: string): Promise<boolean> {
  const [page, download, playground] = await Promise.all([
    call('GET', `/api/marketplace/prompts/${promptId}`, user.token),
    call('POST', `/api/marketplace/prompts/${promptId}/download`, user.token),
    call('GET', `/api/playground/prompts/${promptId}`, user.token),
  ]);
  const answers = [page, download, playground].map((r) => r.body.includes(HIDDEN));
  expect(new Set(answers).size, 'the page, the download and the playground agree').toBe(1);
  return answers[0]!;
}

describe('a prompt bought for the team', () => {
  it('entitles every current member, only them, and is bought once', async () => {
    const owner = await teamOwner();
    const member = await join(owner);
    const admin = await join(owner, 'admin', 'Ari Admin');
    const stranger = await signUp('Sid Stranger');
    const { prompt } = await premiumPrompt(1499);

    const before = (await call('GET', `/api/marketplace/prompts/${prompt.id}`, member.token)).json().data;
    expect(before.access.team).toEqual({ name: 'Prompt Crew', owned: false, canBuy: false });
    const offered = (await call('GET', `/api/marketplace/prompts/${prompt.id}`, admin.token)).json().data;
    expect(offered.access.team).toEqual({ name: 'Prompt Crew', owned: false, canBuy: true });

    const verified = await buy(admin, prompt.id, true);
    expect(verified.statusCode, verified.body).toBe(200);
    for (const u of [owner, member, admin]) expect(await reads(u, prompt.id)).toBe(true);
    expect(await reads(stranger, prompt.id)).toBe(false);
    const page = (await call('GET', `/api/marketplace/prompts/${prompt.id}`, member.token)).json().data;
    expect(page.access).toMatchObject({ reason: 'purchased', team: { owned: true, canBuy: false } });

    const team = (await call('GET', '/api/team', member.token)).json().data.team;
    expect(team.purchases).toEqual([
      expect.objectContaining({ promptId: prompt.id, boughtBy: 'Ari Admin', amountMinor: 1499 }),
    ]);
    // No second charge: a member buying for themselves, or for the team again.
    const personal = await call('POST', '/api/payments/create-order', member.token, { promptId: prompt.id });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toBe(PAYMENT_MESSAGES.ownedByTeam);
    const again = await call('POST', '/api/payments/create-order', owner.token, {
      promptId: prompt.id,
      forTeam: true,
    });
    expect(again.json().message).toBe(PAYMENT_MESSAGES.teamOwns);
    const purchases = await db()
      .selectFrom('purchases')
      .selectAll()
      .where('prompt_id', '=', prompt.id)
      .execute();
    expect(purchases).toEqual([expect.objectContaining({ buyer_id: null, team_id: team.id })]);
  });

  it('is refused to a member (403), to someone in no team (404) and to anonymous callers (401)', async () => {
    const owner = await teamOwner();
    const member = await join(owner);
    const loner = await signUp('Lou Loner');
    const { prompt } = await premiumPrompt();
    const forTeam = (token?: string) =>
      call('POST', '/api/payments/create-order', token, { promptId: prompt.id, forTeam: true });
    const refused = await forTeam(member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: TEAM_MESSAGES.notManager });
    expect((await forTeam(loner.token)).statusCode).toBe(404);
    expect((await forTeam()).statusCode).toBe(401);
    expect(
      await db().selectFrom('payments').select('id').where('prompt_id', '=', prompt.id).execute(),
    ).toEqual([]);
  });

  it('ends at once for a member removed or leaving, and a refund ends it for the whole team', async () => {
    const owner = await teamOwner();
    const removed = await join(owner, 'member', 'Rex Removed');
    const leaver = await join(owner, 'member', 'Lea Leaver');
    const stays = await join(owner, 'member', 'Sue Stays');
    const { prompt } = await premiumPrompt();
    const paid = await buy(owner, prompt.id, true);
    expect(await reads(removed, prompt.id)).toBe(true);

    expect((await call('DELETE', `/api/team/members/${removed.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/team/leave', leaver.token)).statusCode).toBe(200);
    expect(await reads(removed, prompt.id)).toBe(false);
    expect(await reads(leaver, prompt.id)).toBe(false);
    expect(await reads(stays, prompt.id)).toBe(true);
    // A former member may buy it for themselves.
    const own = await call('POST', '/api/payments/create-order', removed.token, { promptId: prompt.id });
    expect(own.statusCode).toBe(200);

    const refund = await call(
      'POST',
      `/api/admin/payments/${paid.json().data.paymentId}/refund`,
      await adminToken(),
      {
        reason: 'Bought by mistake',
      },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await reads(stays, prompt.id)).toBe(false);
    expect(await reads(owner, prompt.id)).toBe(false);
    expect((await call('GET', '/api/team', owner.token)).json().data.team.purchases).toEqual([]);
  });
});

describe('deleting a team', () => {
  it('is the owner’s alone, asks before losing purchases, and ends every member’s access', async () => {
    const owner = await teamOwner();
    const admin = await join(owner, 'admin', 'Ari Admin');
    const member = await join(owner);
    const { prompt } = await premiumPrompt();
    await buy(owner, prompt.id, true);
    const shared = await insertPrompt(db(), member.id, { status: 'draft', content: 'Team notes on pirates' });
    await db()
      .updateTable('prompts')
      .set({ team_id: (await call('GET', '/api/team', owner.token)).json().data.team.id })
      .where('id', '=', shared.id)
      .execute();

    for (const u of [admin, member]) {
      const res = await call('DELETE', '/api/team', u.token, { purchasesLost: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEAM_MESSAGES.notOwner);
    }
    expect((await call('DELETE', '/api/team', (await signUp()).token, {})).statusCode).toBe(404);
    const unconfirmed = await call('DELETE', '/api/team', owner.token, {});
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(TEAM_MESSAGES.purchasesWouldBeLost(1));
    expect(await reads(member, prompt.id)).toBe(true);

    const deleted = await call('DELETE', '/api/team', owner.token, { purchasesLost: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const u of [owner, admin, member]) {
      expect(await reads(u, prompt.id)).toBe(false);
      expect((await call('GET', '/api/team', u.token)).json().data.team).toBeNull();
    }
    expect((await call('GET', `/api/marketplace/prompts/${shared.id}`, admin.token)).statusCode).toBe(404);
    // The team's prompt went back to its author, private; the payment stays on record.
    expect((await call('GET', `/api/marketplace/prompts/${shared.id}`, member.token)).statusCode).toBe(200);
    const payment = await db()
      .selectFrom('payments')
      .selectAll()
      .where('prompt_id', '=', prompt.id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('captured');
  });

  it('without purchases needs no confirmation; a team deleted before its order is paid refunds it', async () => {
    const owner = await teamOwner();
    const { prompt } = await premiumPrompt();
    const order = (
      await call('POST', '/api/payments/create-order', owner.token, { promptId: prompt.id, forTeam: true })
    ).json().data;
    expect((await call('DELETE', '/api/team', owner.token, {})).statusCode).toBe(200);
    const verified = await call('POST', '/api/payments/verify', owner.token, fake.pay(order.orderId));
    expect(verified.json().data.refund).toMatchObject({ reason: 'unavailable' });
    expect(await reads(owner, prompt.id)).toBe(false);
  });
});

describe('the owner', () => {
  it('hands the team to a member (owners only) and becomes an admin', async () => {
    const owner = await teamOwner();
    const admin = await join(owner, 'admin', 'Ari Admin');
    const member = await join(owner);
    const byAdmin = await call('POST', '/api/team/transfer', admin.token, { userId: member.id });
    expect(byAdmin.statusCode).toBe(403);
    expect((await call('POST', '/api/team/transfer', owner.token, { userId: owner.id })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/team/transfer', owner.token, { userId: 'nobody' })).statusCode).toBe(
      404,
    );
    const res = await call('POST', '/api/team/transfer', owner.token, { userId: member.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TEAM_MESSAGES.transferred('Mia Member'));
    const roles = (await call('GET', '/api/team', owner.token))
      .json()
      .data.team.members.map((m: { userId: string; role: string }) => [m.userId, m.role]);
    expect(roles).toEqual([
      [owner.id, 'admin'],
      [admin.id, 'admin'],
      [member.id, 'owner'],
    ]);
  });

  it('cannot delete their account while the team would be left without one; after handing it on, can', async () => {
    const owner = await teamOwner();
    const member = await join(owner);
    const { prompt } = await premiumPrompt();
    await buy(owner, prompt.id, true);
    const refused = await call('DELETE', '/api/user/account', owner.token, { password: 'user-pass-123' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.ownerCannotDeleteAccount('Prompt Crew'));

    expect((await call('POST', '/api/team/transfer', owner.token, { userId: member.id })).statusCode).toBe(
      200,
    );
    const gone = await call('DELETE', '/api/user/account', owner.token, { password: 'user-pass-123' });
    expect(gone.statusCode, gone.body).toBe(200);
    // What the former owner paid for stays the team's.
    expect(await reads(member, prompt.id)).toBe(true);
    const team = (await call('GET', '/api/team', member.token)).json().data.team;
    expect(team.members.map((m: { userId: string }) => m.userId)).toEqual([member.id]);
    expect(team.purchases).toEqual([expect.objectContaining({ promptId: prompt.id, boughtBy: null })]);
  });
});
