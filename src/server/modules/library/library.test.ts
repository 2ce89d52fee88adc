import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { newId, nowIso } from '../../lib/time';
import { apiHelpers } from '../../../../tests/support/api';

/* "My library" (issue 57) on both engines: what it lists, and the text its export carries. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

const user = () => h.signUp('Lib Reader');

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function setPurchase(promptId: string, buyerId: string, live: boolean | null) {
  const db = t.database.db;
  await db
    .deleteFrom('purchases')
    .where('prompt_id', '=', promptId)
    .where('buyer_id', '=', buyerId)
    .execute();
  if (live === null) return;
  await db
    .insertInto('purchases')
    .values({
      id: newId(),
      prompt_id: promptId,
      buyer_id: buyerId,
      amount_minor: 500,
      creator_share_minor: 400,
      currency: 'USD',
      created_at: nowIso(),
      revoked_at: live ? null : nowIso(),
    })
    .execute();
}

async function setLike(promptId: string, userId: string, on: boolean) {
  const db = t.database.db;
  await db
    .deleteFrom('prompt_likes')
    .where('prompt_id', '=', promptId)
    .where('user_id', '=', userId)
    .execute();
  if (on)
    await db
      .insertInto('prompt_likes')
      .values({ prompt_id: promptId, user_id: userId, created_at: nowIso() })
      .execute();
}

describe('my library', () => {
  it('lists bought, liked and remixed prompts once each, with their version; exports Markdown and JSON', async () => {
    const db = t.database.db;
    const author = await insertUser(db, { name: 'Ana Author' });
    const premium = await insertPrompt(db, author.id, {
      type: 'premium',
      price_minor: 900,
      content: 'PAID TEXT one',
    });
    const free = await insertPrompt(db, author.id, { licence: 'cc0', content: 'Free text with ``` fences' });
    await db
      .insertInto('prompt_versions')
      .values({
        id: newId(),
        prompt_id: free.id,
        version: 1,
        title: 'old',
        description: 'old one',
        content: 'old',
        price_minor: 0,
        created_at: nowIso(),
      })
      .execute();
    const me = await user();
    await setPurchase(premium.id, me.id, true);
    await setLike(premium.id, me.id, true);
    await setLike(free.id, me.id, true);
    const remix = await t.app.inject({
      method: 'POST',
      url: '/api/user/remixes',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { promptId: free.id },
    });
    expect(remix.statusCode).toBe(201);

    const res = await get('/api/user/library', me.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as {
      id: string;
      relations: string[];
      version: number;
      remixOf: unknown;
    }[];
    expect(items).toHaveLength(3);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(premium.id)).toMatchObject({
      relations: ['bought', 'liked'],
      version: 1,
      readable: true,
    });
    expect(byId.get(free.id)).toMatchObject({ relations: ['liked'], version: 2, licence: { label: 'CC0' } });
    expect(byId.get(remix.json().data.prompt.id)).toMatchObject({
      relations: ['remixed'],
      remixOf: { slug: free.slug, title: free.title },
    });

    const md = await get('/api/user/library/export?format=md', me.token);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body).toContain('# My Promptforge library');
    expect(md.body).toContain('PAID TEXT one');
    expect(md.body).toContain('````\nFree text with ``` fences\n````');
    expect(md.body).toContain('Licence: CC0.');
    const json = JSON.parse((await get('/api/user/library/export?format=json', me.token)).body);
    expect(json).toMatchObject({ format: 'promptforge.library', version: 1 });
    expect(json.items).toHaveLength(3);
    expect((await get('/api/user/library/export?format=pdf', me.token)).json().message).toBe(
      'Format must be md or json',
    );
    expect((await get('/api/user/library')).statusCode).toBe(401);
  });

  it('never carries the text of a premium prompt the user does not own, whatever they liked, bought or had refunded', async () => {
    const db = t.database.db;
    const author = await insertUser(db);
    const me = await user();
    const other = await user();
    const prompts = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const secret = `SECRET-${i}-${newId()}`;
        const row = await insertPrompt(db, author.id, {
          type: i === 2 ? 'free' : 'premium',
          price_minor: i === 2 ? 0 : 700,
          status: i === 1 ? 'archived' : 'published',
          content: secret,
        });
        return { row, secret, premium: i !== 2, published: i !== 1 };
      }),
    );
    const step = fc.record({
      prompt: fc.integer({ min: 0, max: 2 }),
      who: fc.constantFrom('me', 'other'),
      act: fc.constantFrom('like', 'unlike', 'buy', 'refund', 'unbuy'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        const state = new Map<string, { liked: boolean; bought: boolean | null }>();
        for (const p of prompts) {
          for (const u of [me, other]) {
            await setLike(p.row.id, u.id, false);
            await setPurchase(p.row.id, u.id, null);
            state.set(`${p.row.id}:${u.id}`, { liked: false, bought: null });
          }
        }
        for (const s of steps) {
          const p = prompts[s.prompt]!;
          const u = s.who === 'me' ? me : other;
          const key = `${p.row.id}:${u.id}`;
          const cur = state.get(key)!;
          if (s.act === 'like' || s.act === 'unlike') {
            cur.liked = s.act === 'like';
            await setLike(p.row.id, u.id, cur.liked);
          } else {
            cur.bought = s.act === 'buy' ? true : s.act === 'refund' ? false : null;
            await setPurchase(p.row.id, u.id, cur.bought);
          }
        }
        const body = (await get('/api/user/library/export?format=json', me.token)).body;
        const listed = new Set(
          ((await get('/api/user/library', me.token)).json().data.items as { id: string }[]).map((i) => i.id),
        );
        for (const p of prompts) {
          const mine = state.get(`${p.row.id}:${me.id}`)!;
          // A live purchase, of a premium prompt or of one made free since: the buyer keeps it.
          const owns = mine.bought === true;
          const visible = p.published || owns;
          const inLibrary = visible && (owns || mine.liked);
          expect(listed.has(p.row.id)).toBe(inLibrary);
          const readable = inLibrary && (!p.premium || owns);
          expect(body.includes(p.secret)).toBe(readable);
        }
      }),
      { numRuns: 30 },
    );
  });
});
