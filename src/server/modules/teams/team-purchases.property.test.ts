import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingHelpers, startBillingApp } from '../../../../tests/support/billing';
import { insertPrompt, insertSubscription } from '../../../../tests/support/factories';
import type { FakeRazorpay } from '../../../../tests/support/fake-razorpay';
import type { TestApp } from '../../../../tests/support/test-app';

/*
 * The entitlement invariant of prompts bought for a team (decision 063), over generated sequences
 * of join, leave, remove, buy for the team, buy for oneself, refund and delete the team, run through
 * the API on SQLite and PostgreSQL: after every step, a person reads a premium prompt exactly when
 * they hold a live purchase of their own, or are a member now of a team holding a live one.
 */

let t: TestApp;
let fake: FakeRazorpay;
beforeAll(async () => {
  // Every step reads each prompt as each person: more requests from one address than a minute's limit.
  ({ t, fake } = await startBillingApp({ RATE_LIMIT_MAX: '100000' }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const { db, signUp, adminToken, call, planId } = billingHelpers(() => t);
type User = { token: string; id: string; email: string };

/** What the test believes the world is; the server must agree. */
interface Model {
  team: boolean;
  members: Set<string>;
  /** Prompts the team holds a live purchase of, with the payment that bought each. */
  teamOwned: Map<string, string>;
  /** Per user id, the prompts they hold a live purchase of, with its payment. */
  own: Map<string, Map<string, string>>;
}

const entitled = (m: Model, userId: string, promptId: string) =>
  m.own.get(userId)!.has(promptId) || (m.members.has(userId) && m.teamOwned.has(promptId));

describe('a generated sequence of join, leave, remove, buy for the team, buy, refund and delete the team', () => {
  it('entitles exactly the current members of a team holding a live purchase, and buyers', async () => {
    const owner = await signUp('Olga Owner');
    await insertSubscription(db(), owner.id, await planId('business'));
    const people = await Promise.all(['Pia', 'Quin', 'Rae'].map((n) => signUp(n)));
    const everyone: User[] = [owner, ...people];
    const author = await signUp('Carl Creator');
    const prompts = await Promise.all(
      [1, 2].map(() =>
        insertPrompt(db(), author.id, {
          type: 'premium',
          price_minor: 999,
          status: 'published',
          content: 'SECRET premium instructions for a careful editor.',
        }),
      ),
    );
    const admin = await adminToken();
    const model: Model = {
      team: false,
      members: new Set(),
      teamOwned: new Map(),
      own: new Map(everyone.map((u) => [u.id, new Map()])),
    };

    const pay = async (user: User, promptId: string, forTeam: boolean) => {
      const order = await call('POST', '/api/payments/create-order', user.token, { promptId, forTeam });
      expect(order.statusCode, order.body).toBe(200);
      const verified = await call(
        'POST',
        '/api/payments/verify',
        user.token,
        fake.pay(order.json().data.orderId),
      );
      expect(verified.statusCode, verified.body).toBe(200);
      return verified.json().data.paymentId as string;
    };

    const steps = {
      async join(p: User) {
        if (!model.team) {
          expect((await call('POST', '/api/team', owner.token, { name: 'Fuzz Crew' })).statusCode).toBe(201);
          model.team = true;
          model.members.add(owner.id);
        }
        if (model.members.has(p.id)) return;
        await call('POST', '/api/team/invitations', owner.token, { email: p.email, role: 'member' });
        const mail = await db()
          .selectFrom('mail_outbox')
          .select('text_body')
          .where('to_address', '=', p.email)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const token = mail.text_body.match(/\/team\/join\/([A-Za-z0-9_-]+)/)![1];
        expect((await call('POST', '/api/team/join', p.token, { token })).statusCode).toBe(200);
        model.members.add(p.id);
      },
      async leave(p: User) {
        const res = await call('POST', '/api/team/leave', p.token);
        if (model.members.has(p.id)) {
          expect(res.statusCode).toBe(200);
          model.members.delete(p.id);
        } else expect(res.statusCode).toBe(404);
      },
      async remove(p: User) {
        const res = await call('DELETE', `/api/team/members/${p.id}`, owner.token);
        if (!model.team) expect(res.statusCode).toBe(404);
        else if (model.members.has(p.id)) {
          expect(res.statusCode).toBe(200);
          model.members.delete(p.id);
        }
      },
      async buyForTeam(promptId: string) {
        if (!model.team || model.teamOwned.has(promptId)) {
          const res = await call('POST', '/api/payments/create-order', owner.token, {
            promptId,
            forTeam: true,
          });
          expect(res.statusCode).toBe(model.team ? 400 : 404);
          return;
        }
        model.teamOwned.set(promptId, await pay(owner, promptId, true));
      },
      async buy(p: User, promptId: string) {
        if (entitled(model, p.id, promptId)) {
          const res = await call('POST', '/api/payments/create-order', p.token, { promptId });
          expect(res.statusCode).toBe(400);
          return;
        }
        model.own.get(p.id)!.set(promptId, await pay(p, promptId, false));
      },
      async refund(p: User, promptId: string, team: boolean) {
        const held = team ? model.teamOwned : model.own.get(p.id)!;
        const paymentId = held.get(promptId);
        if (!paymentId) return;
        const res = await call('POST', `/api/admin/payments/${paymentId}/refund`, admin, { reason: 'Asked' });
        expect(res.statusCode, res.body).toBe(200);
        held.delete(promptId);
      },
      async deleteTeam() {
        const res = await call('DELETE', '/api/team', owner.token, { purchasesLost: true });
        expect(res.statusCode).toBe(model.team ? 200 : 404);
        model.team = false;
        model.members.clear();
        model.teamOwned.clear();
      },
    };

    const step = fc.record({
      op: fc.constantFrom('join', 'join', 'leave', 'remove', 'buyForTeam', 'buy', 'refund', 'deleteTeam'),
      who: fc.integer({ min: 0, max: people.length - 1 }),
      prompt: fc.integer({ min: 0, max: prompts.length - 1 }),
      team: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (sequence) => {
        for (const { op, who, prompt, team } of sequence) {
          const p = people[who]!;
          const promptId = prompts[prompt]!.id;
          if (op === 'join' || op === 'leave' || op === 'remove') await steps[op](p);
          else if (op === 'buyForTeam') await steps.buyForTeam(promptId);
          else if (op === 'buy') await steps.buy(p, promptId);
          else if (op === 'refund') await steps.refund(p, promptId, team);
          else await steps.deleteTeam();
          for (const u of everyone) {
            for (const { id } of prompts) {
              const res = await call('GET', `/api/marketplace/prompts/${id}`, u.token);
              expect(res.statusCode, res.body).toBe(200);
              expect(res.json().data.access.canViewContent, `${op}: ${u.id} on ${id}`).toBe(
                entitled(model, u.id, id),
              );
            }
          }
        }
      }),
      { numRuns: 10 },
    );
  });
});
