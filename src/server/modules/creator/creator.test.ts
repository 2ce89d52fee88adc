import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { minutesAgo } from '../../../../tests/support/factories';
import { newId, nowIso } from '../../lib/time';
import { creatorAnalytics, growth } from './analytics';
import { apiHelpers } from '../../../../tests/support/api';

/* The creator studio API on both engines. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

const creator = (name = 'Cora Creator') => h.signUp(name);

/** A sale as billing records it: the purchase and the creator's line in the earnings ledger. */
async function insertSale(
  promptId: string,
  creatorId: string,
  buyerId: string,
  amount: number,
  share: number,
) {
  const purchaseId = newId();
  const now = nowIso();
  await t.database.db
    .insertInto('purchases')
    .values({
      id: purchaseId,
      prompt_id: promptId,
      buyer_id: buyerId,
      amount_minor: amount,
      creator_share_minor: share,
      currency: 'USD',
      created_at: now,
    })
    .execute();
  await t.database.db
    .insertInto('creator_earnings')
    .values({
      id: newId(),
      creator_id: creatorId,
      prompt_id: promptId,
      purchase_id: purchaseId,
      payment_id: null,
      kind: 'sale',
      amount_minor: share,
      currency: 'USD',
      created_at: now,
    })
    .execute();
}

const { call } = h;

const valid = {
  title: 'Meeting Notes Summariser',
  description: 'Turns raw meeting notes into decisions and action items.',
  content: 'Summarise these notes: {{notes}}. List decisions, then action items with owners.',
  category: 'business',
  tags: 'meetings, Notes , productivity,notes',
};

describe('creating prompts', () => {
  it('publishes at once and the marketplace finds it', async () => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, {
      ...valid,
      title: 'Zebracorn Meeting Notes',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Prompt created successfully');
    const prompt = res.json().data.prompt;
    expect(prompt).toMatchObject({
      title: 'Zebracorn Meeting Notes',
      status: 'published',
      statusLabel: 'Published',
      tags: ['meetings', 'notes', 'productivity'],
      isPaid: false,
      price: 0,
      versions: 0,
    });
    const search = await call('GET', '/api/marketplace/prompts?search=zebracorn');
    expect(search.json().data.prompts.map((p: { id: string }) => p.id)).toEqual([prompt.id]);
  });

  it('saves a draft the marketplace does not show, then publishes it', async () => {
    const c = await creator();
    const draft = (
      await call('POST', '/api/user/prompts', c.token, {
        ...valid,
        title: 'Quasarfish Draft',
        status: 'draft',
        tags: ['a', 'b'],
      })
    ).json().data.prompt;
    expect(draft).toMatchObject({
      status: 'draft',
      statusLabel: 'Draft',
      publishedAt: null,
      tags: ['a', 'b'],
    });
    expect((await call('GET', '/api/marketplace/prompts?search=quasarfish')).json().data.prompts).toEqual([]);
    const published = await call('POST', `/api/user/prompts/${draft.id}/publish`, c.token);
    expect(published.json().data.prompt.status).toBe('published');
    expect(
      (await call('GET', '/api/marketplace/prompts?search=quasarfish')).json().data.prompts,
    ).toHaveLength(1);
    const unpublished = await call('POST', `/api/user/prompts/${draft.id}/unpublish`, c.token);
    expect(unpublished.json().data.prompt.status).toBe('draft');
    expect((await call('GET', '/api/marketplace/prompts?search=quasarfish')).json().data.prompts).toEqual([]);
  });

  it('stores a paid prompt in cents', async () => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 4.99 });
    expect(res.json().data.prompt).toMatchObject({ isPaid: true, price: 4.99 });
    const row = await t.database.db
      .selectFrom('prompts')
      .select(['price_minor', 'type'])
      .where('id', '=', res.json().data.prompt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price_minor: 499, type: 'premium' });
  });

  it.each([
    [{ title: 'ab' }, 'title', 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters'],
    [{ title: '   ' }, 'title', 'Title is required'],
    [{ description: 'too short' }, 'description', 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    [{ content: 'short' }, 'content', 'Content must be at least 10 characters long'],
    [{ content: 'x'.repeat(20_001) }, 'content', 'Content must be at most 20000 characters'],
    [{ category: 'poetry' }, 'category', 'Please select a valid category'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'Use at most 10 tags'],
    [{ tags: 'x'.repeat(31) }, 'tags.0', 'Tags must be at most 30 characters each'],
    [{ isPaid: true, price: 0.5 }, 'price', 'Paid prompts cost between $1.00 and $999.99 (whole cents)'],
    [{ isPaid: true, price: 1000 }, 'price', 'Paid prompts cost between $1.00 and $999.99 (whole cents)'],
    [{ isPaid: true, price: 1.999 }, 'price', 'Paid prompts cost between $1.00 and $999.99 (whole cents)'],
    [{ isPaid: true }, 'price', 'Paid prompts cost between $1.00 and $999.99 (whole cents)'],
  ])('refuses %j on %s', async (override, field, message) => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, { ...valid, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('accepts the bounds exactly', async () => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, {
      ...valid,
      title: 'abc',
      description: 'x'.repeat(10),
      content: 'y'.repeat(20_000),
      tags: Array.from({ length: 10 }, (_, i) => `${'t'.repeat(29)}${i}`),
      isPaid: true,
      price: 999.99,
    });
    expect(res.statusCode).toBe(201);
    const cheap = await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 1 });
    expect(cheap.statusCode).toBe(201);
  });
});

describe('the price rule on the prompt an edit produces (issue 51)', () => {
  const priceMessage = 'Paid prompts cost between $1.00 and $999.99 (whole cents)';

  // 0.99: Razorpay takes no order below 1.00, so that price could never be paid.
  it.each([1e300, 1e9, 0.001, -50, 1000, 1.999, 0.99])(
    'refuses a price of %s sent without isPaid to a premium prompt, and the marketplace stays up',
    async (price) => {
      const c = await creator();
      const made = await call('POST', '/api/user/prompts', c.token, {
        ...valid,
        title: `Priced Prompt ${price}`,
        isPaid: true,
        price: 4.99,
      });
      const id = made.json().data.prompt.id as string;
      const res = await call('PUT', `/api/user/prompts/${id}`, c.token, { price });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: priceMessage });
      expect(res.json().details).toEqual([{ field: 'price', message: priceMessage }]);
      const mine = await call('GET', `/api/user/prompts`, c.token);
      expect(mine.json().data.prompts[0]).toMatchObject({ id, isPaid: true, price: 4.99 });
      for (const url of ['/api/marketplace/prompts', `/api/marketplace/prompts/${id}`]) {
        expect((await call('GET', url)).statusCode).toBe(200);
      }
    },
  );

  it('takes a price in whole cents however binary floating point writes it (1.13 is 113 cents)', async () => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 1.13 });
    expect(res.statusCode).toBe(201);
    const edit = await call('PUT', `/api/user/prompts/${res.json().data.prompt.id}`, c.token, {
      price: 2.01,
    });
    expect(edit.json().data.prompt.price).toBe(2.01);
  });

  it('keeps a free prompt free when a price comes alone, and asks a price of a prompt made paid', async () => {
    const c = await creator();
    const made = await call('POST', '/api/user/prompts', c.token, { ...valid, title: 'Free One Here' });
    const id = made.json().data.prompt.id as string;
    const priced = await call('PUT', `/api/user/prompts/${id}`, c.token, { price: 7 });
    expect(priced.json().data.prompt).toMatchObject({ isPaid: false, price: 0 });
    const paid = await call('PUT', `/api/user/prompts/${id}`, c.token, { isPaid: true });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().details).toEqual([{ field: 'price', message: priceMessage }]);
  });
});

describe('editing, versions and ownership', () => {
  it('keeps the previous version of a published prompt, and buyers read the newest', async () => {
    const c = await creator();
    const p = (
      await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 9.99 })
    ).json().data.prompt;
    const edited = await call('PUT', `/api/user/prompts/${p.id}`, c.token, {
      content: 'A much better prompt text about {{notes}}.',
      price: 12.5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Prompt updated successfully!',
      data: { prompt: { versions: 1, price: 12.5 } },
    });
    const versions = await t.database.db
      .selectFrom('prompt_versions')
      .selectAll()
      .where('prompt_id', '=', p.id)
      .execute();
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, content: valid.content, price_minor: 999, title: valid.title }),
    ]);
    await call('PUT', `/api/user/prompts/${p.id}`, c.token, { title: 'Meeting Notes Summariser Pro' });
    expect(
      (await t.database.db.selectFrom('prompt_versions').selectAll().where('prompt_id', '=', p.id).execute())
        .length,
    ).toBe(2);
    // A change that touches no versioned field keeps no version.
    await call('PUT', `/api/user/prompts/${p.id}`, c.token, { category: 'writing' });
    expect(
      (await t.database.db.selectFrom('prompt_versions').selectAll().where('prompt_id', '=', p.id).execute())
        .length,
    ).toBe(2);
    const author = await call('GET', `/api/marketplace/prompts/${p.id}`, c.token);
    expect(author.json().data.content).toBe('A much better prompt text about {{notes}}.');
  });

  it('checks edited tags by the same rules, and keeps the tags when none are sent', async () => {
    const c = await creator();
    const p = (await call('POST', '/api/user/prompts', c.token, valid)).json().data.prompt;
    for (const [tags, field, message] of [
      ['x'.repeat(31), 'tags.0', 'Tags must be at most 30 characters each'],
      [Array.from({ length: 11 }, (_, i) => `t${i}`), 'tags', 'Use at most 10 tags'],
      [7, 'tags', 'Tags must be text or a list'],
    ] as const) {
      const res = await call('PUT', `/api/user/prompts/${p.id}`, c.token, { tags });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ field, message });
    }
    await call('PUT', `/api/user/prompts/${p.id}`, c.token, { title: 'Meeting Notes Summariser Pro' });
    const kept = await call('GET', `/api/marketplace/prompts/${p.id}`, c.token);
    expect(kept.json().data.tags).toEqual(['meetings', 'notes', 'productivity']);
    const retagged = await call('PUT', `/api/user/prompts/${p.id}`, c.token, { tags: 'Agenda, agenda ' });
    expect(retagged.json().data.prompt.tags).toEqual(['agenda']);
  });

  it("answers another user's prompt as not found, for every action", async () => {
    const owner = await creator();
    const other = await creator('Otto Other');
    const p = (await call('POST', '/api/user/prompts', owner.token, valid)).json().data.prompt;
    for (const [method, url, body] of [
      ['PUT', `/api/user/prompts/${p.id}`, { title: 'Stolen title' }],
      ['POST', `/api/user/prompts/${p.id}/publish`, undefined],
      ['POST', `/api/user/prompts/${p.id}/unpublish`, undefined],
      ['DELETE', `/api/user/prompts/${p.id}`, undefined],
    ] as const) {
      const res = await call(method, url, other.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND_ERROR');
    }
    const row = await t.database.db
      .selectFrom('prompts')
      .select(['title', 'status'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: valid.title, status: 'published' });
    expect((await call('GET', '/api/user/prompts', other.token)).json().data.prompts).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/user/prompts')).statusCode).toBe(401);
    expect((await call('POST', '/api/user/prompts', undefined, valid)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/user/analytics')).statusCode).toBe(401);
  });

  it('lists own prompts newest first, paged and by status', async () => {
    const c = await creator();
    for (let i = 0; i < 3; i++) {
      const created = await call('POST', '/api/user/prompts', c.token, {
        ...valid,
        title: `Listed ${i}`,
        status: i === 1 ? 'draft' : 'published',
      });
      // A minute apart: made in the same millisecond, their order would be the ids' (random). The
      // list puts the last changed first, so both times move (setting created_at alone failed
      // when two were made within one millisecond).
      await t.database.db
        .updateTable('prompts')
        .set({ created_at: minutesAgo(3 - i), updated_at: minutesAgo(3 - i) })
        .where('id', '=', created.json().data.prompt.id)
        .execute();
    }
    const all = (await call('GET', '/api/user/prompts?limit=2', c.token)).json().data;
    expect(all.prompts.map((p: { title: string }) => p.title)).toEqual(['Listed 2', 'Listed 1']);
    expect(all.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const drafts = (await call('GET', '/api/user/prompts?status=draft', c.token)).json().data;
    expect(drafts.prompts.map((p: { title: string }) => p.title)).toEqual(['Listed 1']);
  });
});

describe('moderation', () => {
  it("shows the creator an admin's reason for rejecting, and lets them resubmit", async () => {
    const c = await creator();
    const p = (await call('POST', '/api/user/prompts', c.token, valid)).json().data.prompt;
    await t.database.db
      .updateTable('prompts')
      .set({ status: 'rejected', moderation_note: 'Please remove the personal data in the example.' })
      .where('id', '=', p.id)
      .execute();
    const [listed] = (await call('GET', '/api/user/prompts', c.token)).json().data.prompts;
    expect(listed).toMatchObject({
      status: 'rejected',
      statusLabel: 'Rejected',
      moderationNote: 'Please remove the personal data in the example.',
    });
    const again = (await call('POST', `/api/user/prompts/${p.id}/publish`, c.token)).json().data.prompt;
    expect(again).toMatchObject({ status: 'published', moderationNote: null });
  });
});

describe('deleting', () => {
  it('deletes a prompt without buyers, and archives one with buyers so they keep it', async () => {
    const c = await creator();
    const buyer = await creator('Bea Buyer');
    const plain = (await call('POST', '/api/user/prompts', c.token, valid)).json().data.prompt;
    const sold = (
      await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 5 })
    ).json().data.prompt;
    await insertSale(sold.id, c.id, buyer.id, 500, 400);
    const listed = (await call('GET', '/api/user/prompts', c.token)).json().data.prompts;
    expect(listed.find((p: { id: string }) => p.id === sold.id)).toMatchObject({ revenue: 4, buyers: 1 });
    const del = await call('DELETE', `/api/user/prompts/${plain.id}`, c.token);
    expect(del.json()).toMatchObject({
      data: { deleted: true, archived: false },
      message: 'Prompt deleted successfully!',
    });
    expect((await call('GET', `/api/marketplace/prompts/${plain.id}`)).statusCode).toBe(404);
    const archived = await call('DELETE', `/api/user/prompts/${sold.id}`, c.token);
    expect(archived.json()).toMatchObject({
      data: { deleted: false, archived: true },
      message: 'This prompt has buyers, so it was archived instead of deleted: they keep access to it.',
    });
    const bought = await call('POST', `/api/marketplace/prompts/${sold.id}/download`, buyer.token);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.content).toBe(valid.content);
    expect((await call('GET', '/api/marketplace/prompts?limit=50')).body).not.toContain(sold.id);
    const republish = await call('POST', `/api/user/prompts/${sold.id}/publish`, c.token);
    expect(republish.statusCode).toBe(400);
  });
});

describe('analytics', () => {
  it('sums daily figures over the period, with a daily series, a per-prompt table and growth', async () => {
    const c = await creator();
    const a = (await call('POST', '/api/user/prompts', c.token, { ...valid, title: 'Alpha' })).json().data
      .prompt;
    const b = (await call('POST', '/api/user/prompts', c.token, { ...valid, title: 'Beta' })).json().data
      .prompt;
    const now = new Date('2026-06-30T12:00:00Z');
    const day = (ago: number) =>
      new Date(Date.UTC(2026, 5, 30) - ago * 86_400_000).toISOString().slice(0, 10);
    const stat = (promptId: string, ago: number, f: object) => ({
      prompt_id: promptId,
      day: day(ago),
      views: 0,
      likes: 0,
      downloads: 0,
      tries: 0,
      purchases: 0,
      revenue_minor: 0,
      ...f,
    });
    await t.database.db
      .insertInto('prompt_daily_stats')
      .values([
        stat(a.id, 0, { views: 10, likes: 2, purchases: 1, revenue_minor: 800 }),
        stat(a.id, 6, { views: 5, downloads: 3 }),
        // Just outside 7 days: in the previous period of 7d, inside 30d.
        stat(a.id, 7, { views: 4, tries: 2 }),
        stat(b.id, 29, { views: 1 }),
        // Outside 30 days: the previous period of 30d.
        stat(b.id, 30, { views: 8 }),
      ])
      .execute();
    const auth = { userId: c.id, sessionId: 's', audience: 'web' as const, role: 'user' as const };
    const week = await creatorAnalytics({ db: t.database.db }, auth, '7d', now);
    expect(week.from).toBe('2026-06-24');
    expect(week.to).toBe('2026-06-30');
    expect(week.series).toHaveLength(7);
    expect(week.totals).toEqual({ views: 15, likes: 2, downloads: 3, tries: 0, purchases: 1, revenue: 8 });
    expect(week.series.at(-1)).toEqual({
      date: '2026-06-30',
      views: 10,
      likes: 2,
      downloads: 0,
      tries: 0,
      purchases: 1,
      revenue: 8,
    });
    expect(week.growthRate).toBe(275);
    expect(week.prompts.map((p) => [p.title, p.views])).toEqual([
      ['Alpha', 15],
      ['Beta', 0],
    ]);
    const month = await creatorAnalytics({ db: t.database.db }, auth, '30d', now);
    expect(month.totals.views).toBe(20);
    expect(month.growthRate).toBe(150);
    expect(month.series).toHaveLength(30);
    const year = await creatorAnalytics({ db: t.database.db }, auth, '1y', now);
    expect(year.totals.views).toBe(28);
    expect(year.growthRate).toBeNull();
    expect(year.series).toHaveLength(365);
  });

  it('counts views, likes, downloads and tries into today as they happen', async () => {
    const c = await creator();
    const fan = await creator('Fan');
    const p = (await call('POST', '/api/user/prompts', c.token, valid)).json().data.prompt;
    await call('GET', `/api/marketplace/prompts/${p.id}`, fan.token);
    await call('POST', `/api/marketplace/prompts/${p.id}/like`, fan.token);
    await call('POST', `/api/marketplace/prompts/${p.id}/download`, fan.token);
    const res = await call('GET', '/api/user/analytics?period=7d', c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totals).toMatchObject({ views: 1, likes: 1, downloads: 1 });
    expect(res.json().data.publishedPrompts).toBe(1);
    expect((await call('GET', '/api/user/analytics?period=2w', c.token)).json().message).toBe(
      'Period must be 7d, 30d, 90d or 1y',
    );
  });

  it('computes growth in percent with one decimal, and none without a previous period', () => {
    expect(growth(15, 4)).toBe(275);
    expect(growth(1, 3)).toBe(-66.7);
    expect(growth(5, 0)).toBeNull();
  });
});

describe('dashboard', () => {
  it('gives the header and Overview figures, and the prompts the user tried', async () => {
    const c = await creator();
    const p = (await call('POST', '/api/user/prompts', c.token, { ...valid, isPaid: true, price: 10 })).json()
      .data.prompt;
    const fan = await creator('Fan Two');
    await call('GET', `/api/marketplace/prompts/${p.id}`, fan.token);
    await insertSale(p.id, c.id, fan.id, 1000, 800);
    const sessionId = newId();
    await t.database.db
      .insertInto('playground_sessions')
      .values({
        id: sessionId,
        user_id: c.id,
        model: 'claude',
        prompt_id: p.id,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    await t.database.db
      .insertInto('allowance_entries')
      .values({
        session_id: sessionId,
        kind: 'session',
        user_id: c.id,
        prompt_id: p.id,
        month: nowIso().slice(0, 7),
        created_at: nowIso(),
      })
      .execute();
    const res = await call('GET', '/api/user/dashboard', c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      plan: 'Free',
      sessions: { current: 1, limit: 10, unlimited: false },
      overview: { totalViews: 1, totalLikes: 0, revenue: 8, publishedPrompts: 1, viewsGrowth: null },
      recentActivity: [{ id: p.id, title: valid.title, views: 1, likes: 0 }],
    });
  });
});

describe('the price rule', () => {
  it('is reported together with other field errors, not only once they are fixed', async () => {
    const c = await creator();
    const res = await call('POST', '/api/user/prompts', c.token, {
      ...valid,
      title: 'x',
      isPaid: true,
      price: 0.1,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'price']));
  });
});
