import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { LICENCES, type Licence } from '../../../shared/licences';
import { newId, nowIso } from '../../lib/time';
import { REMIX_LOCKED, REMIX_PRIVATE, remixVerdict } from './remix';
import { apiHelpers } from '../../../../tests/support/api';

/* Licences and remixes (issue 57, decision 058) on both engines. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

const user = (name = 'Rita Remixer') => h.signUp(name);
const { call } = h;
/** An admin's panel token (no TOTP set up, no IP list). */
const adminToken = async () => (await h.signInAdmin()).token;

/** A purchase as billing records it (one per buyer and prompt: a new one replaces a refunded one). */
async function buy(promptId: string, buyerId: string, revoked = false) {
  await t.database.db
    .deleteFrom('purchases')
    .where('prompt_id', '=', promptId)
    .where('buyer_id', '=', buyerId)
    .execute();
  await t.database.db
    .insertInto('purchases')
    .values({
      id: newId(),
      prompt_id: promptId,
      buyer_id: buyerId,
      amount_minor: 500,
      creator_share_minor: 400,
      currency: 'USD',
      created_at: nowIso(),
      revoked_at: revoked ? nowIso() : null,
    })
    .execute();
}

const SECRET = 'SECRET premium instructions: write like a pirate poet about {{topic}}.';

const base = {
  title: 'Release Notes Writer',
  description: 'Turns a list of merged changes into release notes.',
  content: 'Write release notes for {{version}} from these changes: {{changes}}. Group by area.',
  category: 'development',
};

describe('licences', () => {
  it('a new prompt is Personal use unless the creator picks another; the listing shows it', async () => {
    const c = await user();
    const plain = (await call('POST', '/api/user/prompts', c.token, base)).json().data.prompt;
    expect(plain.licence).toMatchObject({ id: 'personal', label: 'Personal use' });
    const cc = await call('POST', '/api/user/prompts', c.token, {
      ...base,
      title: 'CC notes',
      licence: 'cc-by-4.0',
    });
    expect(cc.statusCode).toBe(201);
    const page = (await call('GET', `/api/marketplace/prompts/${cc.json().data.prompt.slug}`)).json().data;
    expect(page.licence).toEqual({
      id: 'cc-by-4.0',
      label: 'CC BY 4.0',
      summary: expect.stringContaining('giving credit'),
      url: 'https://creativecommons.org/licenses/by/4.0/',
    });
  });

  it('a cached public page shows the new licence once the creator changes it', async () => {
    const c = await user();
    const p = (await call('POST', '/api/user/prompts', c.token, { ...base, title: 'Cached licence' })).json()
      .data.prompt;
    const page = () => call('GET', `/api/marketplace/prompts/${p.slug}`);
    expect((await page()).json().data.licence.id).toBe('personal');
    expect((await page()).json().data.licence.id).toBe('personal');
    const edit = await call('PUT', `/api/user/prompts/${p.id}`, c.token, { licence: 'cc0' });
    expect(edit.statusCode).toBe(200);
    expect((await page()).json().data.licence).toMatchObject({ id: 'cc0', label: 'CC0' });
  });

  it('refuses an unknown licence, and a Creative Commons licence on a paid prompt (body and merged row)', async () => {
    const c = await user();
    const unknown = await call('POST', '/api/user/prompts', c.token, { ...base, licence: 'gpl' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Licence must be personal, commercial, cc-by-4.0 or cc0',
    });
    const paidCc = await call('POST', '/api/user/prompts', c.token, {
      ...base,
      isPaid: true,
      price: 5,
      licence: 'cc0',
    });
    expect(paidCc.statusCode).toBe(400);
    expect(paidCc.json().message).toBe('A paid prompt must use the Personal use or Commercial use licence');
    // A free CC0 prompt turned paid without a new licence: judged on the row the edit makes.
    const free = (await call('POST', '/api/user/prompts', c.token, { ...base, licence: 'cc0' })).json().data
      .prompt;
    const edit = await call('PUT', `/api/user/prompts/${free.id}`, c.token, { isPaid: true, price: 5 });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().details).toEqual([
      { field: 'licence', message: 'A paid prompt must use the Personal use or Commercial use licence' },
    ]);
    const both = await call('PUT', `/api/user/prompts/${free.id}`, c.token, {
      isPaid: true,
      price: 5,
      licence: 'commercial',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data.prompt.licence.id).toBe('commercial');
  });

  it('the database refuses a paid prompt with a Creative Commons licence', async () => {
    const c = await insertUser(t.database.db);
    await expect(
      insertPrompt(t.database.db, c.id, { type: 'premium', price_minor: 500, licence: 'cc-by-4.0' }),
    ).rejects.toThrow();
  });

  it('the checkout names the licence before paying', async () => {
    const author = await insertUser(t.database.db);
    const prompt = await insertPrompt(t.database.db, author.id, {
      type: 'premium',
      price_minor: 700,
      licence: 'commercial',
    });
    const b = await user('Bo Buyer');
    const order = await call('POST', '/api/payments/create-order', b.token, { promptId: prompt.id });
    expect(order.statusCode).toBe(200);
    expect(order.json().data.licence).toMatchObject({ id: 'commercial', label: 'Commercial use' });
    // Paid through the test gateway: the receipt e-mail states the licence too, once.
    const signed = (
      await call('POST', '/api/payments/test-gateway/pay', b.token, {
        orderId: order.json().data.orderId,
        outcome: 'succeed',
      })
    ).json().data;
    expect((await call('POST', '/api/payments/verify', b.token, signed)).statusCode).toBe(200);
    const receipts = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', `Your Promptforge receipt: ${prompt.title}`)
      .execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text_body).toContain('Licence: Commercial use. Use and adapt the text');
    expect(receipts[0]!.text_body).toContain('Amount: $7.00');
  });
});

describe('remixing', () => {
  it('remixes a free CC BY prompt into a draft that credits it; the source counts it; it may be published', async () => {
    const author = await user('Ada Author');
    const source = (
      await call('POST', '/api/user/prompts', author.token, {
        ...base,
        title: 'Shared notes',
        licence: 'cc-by-4.0',
      })
    ).json().data.prompt;
    const r = await user();
    const res = await call('POST', '/api/user/remixes', r.token, { promptId: source.slug });
    expect(res.statusCode).toBe(201);
    const remix = res.json().data.prompt;
    expect(remix).toMatchObject({
      title: 'Shared notes (remix)',
      content: base.content,
      status: 'draft',
      isPaid: false,
      remixOf: { id: source.id, slug: source.slug, title: 'Shared notes' },
      remixPrivate: false,
      licence: { id: 'cc-by-4.0' },
    });
    expect((await call('GET', `/api/marketplace/prompts/${source.slug}`)).json().data.remixes).toBe(1);
    const published = await call('POST', `/api/user/prompts/${remix.id}/publish`, r.token);
    expect(published.statusCode).toBe(200);
    const page = (await call('GET', `/api/marketplace/prompts/${remix.slug}`)).json().data;
    expect(page.basedOn).toEqual({
      id: source.id,
      slug: source.slug,
      title: 'Shared notes',
      author: 'Ada Author',
      published: true,
    });
  });

  it('a remix of a Personal use prompt stays a draft for its maker: publishing it is refused', async () => {
    const author = await user();
    const source = (await call('POST', '/api/user/prompts', author.token, base)).json().data.prompt;
    const r = await user();
    const before = (await call('GET', `/api/marketplace/prompts/${source.id}`, r.token)).json().data;
    expect(before.access.remix).toEqual({ allowed: true, private: true });
    const remix = (await call('POST', '/api/user/remixes', r.token, { promptId: source.id })).json().data
      .prompt;
    expect(remix.remixPrivate).toBe(true);
    const publish = await call('POST', `/api/user/prompts/${remix.id}/publish`, r.token);
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: REMIX_PRIVATE });
    // Nor by an admin (the moderation status, the full edit), nor straight in the database (0031's CHECK).
    const admin = await adminToken();
    for (const [url, payload] of [
      [`/api/admin/prompts/${remix.id}/status`, { status: 'published' }],
      [`/api/admin/prompts/${remix.id}`, { status: 'published' }],
    ] as const) {
      const res = await call('PUT', url, admin, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: REMIX_PRIVATE });
    }
    await expect(
      t.database.db.updateTable('prompts').set({ status: 'published' }).where('id', '=', remix.id).execute(),
    ).rejects.toThrow();
  });

  it('refuses a premium prompt the user did not buy, without its text; a buyer remixes it for their own use', async () => {
    const author = await insertUser(t.database.db);
    const premium = await insertPrompt(t.database.db, author.id, {
      type: 'premium',
      price_minor: 900,
      content: SECRET,
    });
    const stranger = await user();
    const refused = await call('POST', '/api/user/remixes', stranger.token, { promptId: premium.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: REMIX_LOCKED });
    expect(refused.body).not.toContain('pirate');
    const refunded = await user();
    await buy(premium.id, refunded.id, true);
    expect(
      (await call('POST', '/api/user/remixes', refunded.token, { promptId: premium.id })).statusCode,
    ).toBe(403);

    const buyer = await user();
    await buy(premium.id, buyer.id);
    const ok = await call('POST', '/api/user/remixes', buyer.token, { promptId: premium.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.prompt).toMatchObject({ content: SECRET, remixPrivate: true, isPaid: false });
    // Others never read it: the remix is the buyer's draft.
    const slug = ok.json().data.prompt.slug;
    expect((await call('GET', `/api/marketplace/prompts/${slug}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/marketplace/prompts/${slug}`)).statusCode).toBe(404);
  });

  it('a draft or an unknown prompt is not found; signing in is required', async () => {
    const author = await insertUser(t.database.db);
    const draft = await insertPrompt(t.database.db, author.id, { status: 'draft', licence: 'cc0' });
    const r = await user();
    const res = await call('POST', '/api/user/remixes', r.token, { promptId: draft.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND_ERROR');
    expect((await call('POST', '/api/user/remixes', r.token, { promptId: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', '/api/user/remixes', undefined, { promptId: draft.id })).statusCode).toBe(401);
    const empty = await call('POST', '/api/user/remixes', r.token, {});
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'promptId is required' });
  });
});

describe('the remix rule over generated sequences', () => {
  it('allows, keeps private and hides text exactly as the licence table says', async () => {
    const db = t.database.db;
    const authors = [await insertUser(db), await insertUser(db)];
    const users = [await user('Uma'), await user('Ulf')];

    const prompt = fc.record({
      author: fc.integer({ min: 0, max: 1 }),
      premium: fc.boolean(),
      licence: fc.constantFrom(...LICENCES),
      status: fc.constantFrom('published', 'draft', 'archived'),
    });
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('buy' as const),
        user: fc.integer({ min: 0, max: 1 }),
        revoked: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('remix' as const), user: fc.integer({ min: 0, max: 1 }) }),
    );

    await fc.assert(
      fc.asyncProperty(prompt, fc.array(step, { minLength: 1, maxLength: 5 }), async (p, steps) => {
        const licence: Licence = p.premium && p.licence.startsWith('cc') ? 'personal' : p.licence;
        const secret = `hidden text ${newId()} for the property`;
        const row = await insertPrompt(db, authors[p.author]!.id, {
          type: p.premium ? 'premium' : 'free',
          price_minor: p.premium ? 500 : 0,
          licence,
          status: p.status,
          content: secret,
        });
        const owns = new Set<number>();
        for (const s of steps) {
          const u = users[s.user]!;
          if (s.kind === 'buy') {
            await buy(row.id, u.id, s.revoked);
            if (s.revoked) owns.delete(s.user);
            else owns.add(s.user);
            continue;
          }
          const res = await call('POST', '/api/user/remixes', u.token, { promptId: row.id });
          // The model: who may see it, who may read it, what the licence lets the remix do.
          const owned = p.premium && owns.has(s.user);
          const visible = p.status === 'published' || owned;
          const readable = visible && (!p.premium || owned);
          if (!visible) expect(res.statusCode).toBe(404);
          else if (!readable) expect(res.statusCode).toBe(403);
          else {
            expect(res.statusCode).toBe(201);
            const remix = res.json().data.prompt;
            const shareable = !p.premium && (licence === 'cc-by-4.0' || licence === 'cc0');
            expect(remix.remixPrivate).toBe(!shareable);
            const publish = await call('POST', `/api/user/prompts/${remix.id}/publish`, u.token);
            expect(publish.statusCode).toBe(shareable ? 200 : 403);
          }
          if (res.statusCode !== 201) expect(res.body).not.toContain(secret);
          // The verdict the page shows agrees with the route.
          expect(
            remixVerdict(
              { ...row, type: row.type ?? 'free', status: row.status ?? 'published', licence, team_id: null },
              u.id,
              owned,
            ).allowed,
          ).toBe(res.statusCode === 201);
        }
      }),
      { numRuns: 25 },
    );
  });
});
