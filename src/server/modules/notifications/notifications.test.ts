import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { versionHelpers } from '../../../../tests/support/versions';
import { notify } from './service';

/* The notifications centre: who is told of what, once per event, and marking read (both engines). */

let t: TestApp;
const h = versionHelpers(() => t);
const { call, signUp, signInAdmin, quickUser, createPrompt, edit, buy, notices } = h;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());

const like = (token: string, id: string, liked: boolean) =>
  call('POST', `/api/marketplace/prompts/${id}/like`, token, { liked });

describe('notices', () => {
  it('tells buyers and likers of a new version with its note, never the author or anyone else', async () => {
    const author = await signUp('Ann Author');
    const buyer = await signUp('Ben Buyer');
    const liker = await signUp('Lee Liker');
    const stranger = await signUp('Sue Stranger');
    const prompt = await createPrompt(author.token, { isPaid: true, price: 3 });
    await buy(buyer.token, prompt.id);
    expect((await like(liker.token, prompt.id, true)).statusCode).toBe(200);
    await edit(author.token, prompt.id, {
      content: 'A new text for the release notes writer.',
      note: 'Shorter',
    });

    for (const u of [buyer, liker]) {
      const list = (await call('GET', '/api/notifications', u.token)).json().data;
      expect(list.unread).toBe(1);
      expect(list.notifications).toEqual([
        expect.objectContaining({
          kind: 'prompt.updated',
          title: `${prompt.title} was updated to version 2`,
          body: 'Shorter',
          link: `/marketplace/${prompt.slug}?version=2#versions`,
          readAt: null,
        }),
      ]);
    }
    expect((await notices(stranger.id)).length).toBe(0);
    // The author hears of the sale, not of their own edit.
    expect((await notices(author.id)).map((n) => n.kind)).toEqual(['prompt.sold']);
  });

  it('tells the author of a review once, and a sale with their share', async () => {
    const author = await signUp('Ann Author');
    const buyer = await signUp('Ben Buyer');
    const prompt = await createPrompt(author.token, { isPaid: true, price: 10 });
    await buy(buyer.token, prompt.id);
    const review = (rating: number) =>
      call('POST', `/api/marketplace/prompts/${prompt.id}/reviews`, buyer.token, {
        rating,
        body: 'Works well.',
      });
    expect((await review(5)).statusCode).toBe(201);
    await review(4); // an edit of the same review: no new notice
    const mine = await notices(author.id);
    expect(mine.map((n) => [n.kind, n.title])).toEqual([
      ['prompt.sold', `${prompt.title} was sold`],
      ['prompt.reviewed', `New 5-star review of ${prompt.title}`],
    ]);
    expect(mine[0]!.body).toMatch(/^Your share: \$\d+\.\d\d$/);
    expect((await notices(buyer.id)).length).toBe(0);
  });

  it('notifies once per event however often it is reported', async () => {
    const user = await quickUser();
    const notice = { userId: user.id, kind: 'prompt.reviewed' as const, eventKey: 'review:x', title: 'T' };
    expect(await notify({ db: t.database.db }, [notice])).toEqual([user.id]);
    expect(await notify({ db: t.database.db }, [notice, notice])).toEqual([]);
    expect((await notices(user.id)).length).toBe(1);
  });

  it('e-mails an update only to those who opted in, through the outbox', async () => {
    const author = await signUp();
    const optedIn = await signUp('Olive Optin');
    const quiet = await signUp('Quincy Quiet');
    const prompt = await createPrompt(author.token);
    const settings = await call('PUT', '/api/user/settings', optedIn.token, { emailOnUpdates: true });
    expect(settings.json().data.emailOnUpdates).toBe(true);
    await like(optedIn.token, prompt.id, true);
    await like(quiet.token, prompt.id, true);
    await edit(author.token, prompt.id, {
      content: 'Completely rewritten release notes prompt.',
      note: 'Rewrite',
    });
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', 'in', [optedIn.email, quiet.email])
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual([optedIn.email]);
    expect(mails[0]!.subject).toBe(`${prompt.title} was updated to version 2`);
    expect(mails[0]!.text_body).toContain('Rewrite');
    expect(mails[0]!.text_body).toContain(`/marketplace/${prompt.slug}?version=2#versions`);
  });
});

describe("an admin's edit", () => {
  it("makes a version as the creator's does, and tells the buyers, not the admin or the author", async () => {
    const author = await signUp('Ann Author');
    const buyer = await signUp('Ben Buyer');
    const admin = await signInAdmin();
    const prompt = await createPrompt(author.token, { isPaid: true, price: 5 });
    await buy(buyer.token, prompt.id);
    const res = await call('PUT', `/api/admin/prompts/${prompt.id}`, admin.token, {
      title: prompt.title,
      description: 'Turns a list of changes into release notes.',
      content: 'An admin corrected this release notes prompt.',
      category: 'writing',
      isPaid: true,
      price: 5,
      status: 'published',
      featured: false,
      trending: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notices(buyer.id)).map((n) => [n.kind, n.event_key])).toEqual([
      ['prompt.updated', `version:${prompt.id}:2`],
    ]);
    expect((await notices(admin.id)).length).toBe(0);
    expect((await notices(author.id)).map((n) => n.kind)).toEqual(['prompt.sold']);
  });
});

describe('marking read', () => {
  it("marks only the caller's own notices", async () => {
    const a = await quickUser();
    const b = await quickUser();
    for (const [u, key] of [
      [a, 'e1'],
      [a, 'e2'],
      [b, 'e3'],
    ] as const) {
      await notify({ db: t.database.db }, [{ userId: u.id, kind: 'prompt.sold', eventKey: key, title: key }]);
    }
    const [bNotice] = await notices(b.id);
    const foreign = await call('POST', `/api/notifications/${bNotice!.id}/read`, a.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'The requested notification could not be found.',
    });
    const [aFirst] = await notices(a.id);
    const one = await call('POST', `/api/notifications/${aFirst!.id}/read`, a.token);
    expect(one.json().data).toEqual({ updated: 1, unread: 1 });
    expect((await call('POST', '/api/notifications/read-all', a.token)).json().data).toEqual({
      updated: 1,
      unread: 0,
    });
    expect((await notices(b.id))[0]!.read_at).toBeNull();
    expect((await call('GET', '/api/notifications?unread=true', a.token)).json().data.notifications).toEqual(
      [],
    );
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications?limit=0', a.token)).json().code).toBe('VALIDATION_ERROR');
  });
});

/*
 * A generated sequence of publishes, edits, purchases, likes and reviews against a model of who
 * should hear of what: every user ends with exactly the notices the model expects, each once.
 */
type Action =
  | { kind: 'publish' | 'unpublish' | 'edit'; prompt: number }
  | { kind: 'buy' | 'like' | 'unlike' | 'review'; prompt: number; user: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom('publish', 'unpublish', 'edit'), prompt: fc.nat(1) }),
  fc.record({
    kind: fc.constantFrom('buy', 'like', 'unlike', 'review'),
    prompt: fc.nat(1),
    user: fc.nat(3),
  }),
) as fc.Arbitrary<Action>;

describe('a generated sequence of actions', () => {
  it('gives each user exactly the notices of the events they should hear of, once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        // Users 0 and 1 are the authors of prompts 0 (premium) and 1 (free); all four act.
        const users = [await signUp(), await signUp(), await signUp(), await signUp()];
        const prompts = [
          {
            ...(await createPrompt(users[0]!.token, { isPaid: true, price: 2, status: 'draft' })),
            author: 0,
          },
          { ...(await createPrompt(users[1]!.token, { status: 'draft' })), author: 1 },
        ];
        const state = prompts.map(() => ({
          published: false,
          everPublished: false,
          version: 1,
          buyers: new Set<number>(),
          likers: new Set<number>(),
          reviewers: new Set<number>(),
        }));
        const expected = new Map<number, Set<string>>(users.map((_, i) => [i, new Set()]));
        let edits = 0;
        for (const a of actions) {
          const p = prompts[a.prompt]!;
          const s = state[a.prompt]!;
          const author = users[p.author]!;
          if (a.kind === 'publish' || a.kind === 'unpublish') {
            await call('POST', `/api/user/prompts/${p.id}/${a.kind}`, author.token);
            s.published = a.kind === 'publish';
            s.everPublished ||= s.published;
          } else if (a.kind === 'edit') {
            await edit(author.token, p.id, { content: `Edited release notes prompt, take ${edits++}.` });
            if (!s.everPublished) continue;
            s.version++;
            const audience = new Set([...s.buyers, ...(s.published ? s.likers : [])]);
            audience.delete(p.author);
            for (const u of audience) expected.get(u)!.add(`version:${p.id}:${s.version}`);
          } else if ('user' in a) {
            const u = users[a.user]!;
            if (a.kind === 'buy') {
              if (a.prompt !== 0 || !s.published || a.user === p.author || s.buyers.has(a.user)) continue;
              await buy(u.token, p.id);
              s.buyers.add(a.user);
              const [payment] = await t.database.db
                .selectFrom('payments')
                .select('id')
                .where('user_id', '=', u.id)
                .where('prompt_id', '=', p.id)
                .where('granted_at', 'is not', null)
                .execute();
              expected.get(p.author)!.add(`sale:${payment!.id}`);
            } else if (a.kind === 'like' || a.kind === 'unlike') {
              if (!s.published) continue;
              expect((await like(u.token, p.id, a.kind === 'like')).statusCode).toBe(200);
              if (a.kind === 'like') s.likers.add(a.user);
              else s.likers.delete(a.user);
            } else {
              if (!s.published || !s.buyers.has(a.user)) continue;
              const res = await call('POST', `/api/marketplace/prompts/${p.id}/reviews`, u.token, {
                rating: 4,
              });
              if (!s.reviewers.has(a.user)) {
                s.reviewers.add(a.user);
                expected.get(p.author)!.add(`review:${res.json().data.review.id}`);
              }
            }
          }
        }
        for (const [i, keys] of expected) {
          const got = (await notices(users[i]!.id)).map((n) => n.event_key);
          expect(got.sort()).toEqual([...keys].sort());
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
