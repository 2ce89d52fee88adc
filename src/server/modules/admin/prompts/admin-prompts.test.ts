import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../../tests/support/factories';
import { apiHelpers } from '../../../../../tests/support/api';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app';
import { newId, nowIso } from '../../../lib/time';
import { refreshTrending } from '../../marketplace/catalogue/trending';
import { TEAM_MESSAGES } from '../../../../shared/teams';

/* Admin marketplace management on both engines: roles, validation, moderation, trending pins, deletes. */

let t: TestApp;
let admin: { token: string; id: string; email: string };
let user: { token: string; id: string };

const { call, signUp, signInAdmin } = apiHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
  admin = await signInAdmin();
  user = await signUp();
});
afterAll(() => t.close());

const valid = {
  title: '  Quarterly Board Update  ',
  description: ' Drafts a crisp quarterly update for the board. ',
  content: '  Write a board update covering {{results}}, risks and asks.  ',
  category: 'Business',
  type: 'free',
  price: 0,
  status: 'published',
  featured: false,
  trending: false,
};

async function buy(promptId: string, authorId: string, shareMinor = 700) {
  const buyer = await insertUser(t.database.db);
  const purchaseId = newId();
  await t.database.db
    .insertInto('purchases')
    .values({
      id: purchaseId,
      prompt_id: promptId,
      buyer_id: buyer.id,
      payment_id: null,
      amount_minor: 999,
      creator_share_minor: shareMinor,
      currency: 'USD',
      created_at: nowIso(),
    })
    .execute();
  await t.database.db
    .insertInto('creator_earnings')
    .values({
      id: newId(),
      creator_id: authorId,
      prompt_id: promptId,
      purchase_id: purchaseId,
      payment_id: null,
      kind: 'sale',
      amount_minor: shareMinor,
      currency: 'USD',
      created_at: nowIso(),
    })
    .execute();
}

describe('who may call the admin prompts endpoints', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/api/admin/prompts'],
    ['POST', '/api/admin/prompts', valid],
    ['PUT', '/api/admin/prompts/some-id', { featured: true }],
    ['PUT', '/api/admin/prompts/some-id/status', { status: 'rejected' }],
    ['DELETE', '/api/admin/prompts/some-id'],
  ];

  it('refuses no token (401), a web token (403), a demoted admin (403) and a suspended admin (401)', async () => {
    const demoted = await signInAdmin();
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', demoted.id).execute();
    const suspended = await signInAdmin();
    await t.database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.id)
      .execute();
    const adminWeb = (
      await call('POST', '/api/auth/login', undefined, { email: admin.email, password: 'admin-pass-123' })
    ).json().data.token as string;
    for (const [method, url, body] of endpoints) {
      const m = method as 'GET';
      expect((await call(m, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(m, url, user.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(m, url, adminWeb, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(m, url, demoted.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(m, url, suspended.token, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/api/admin/prompts', admin.token)).statusCode).toBe(200);
  });
});

describe('creating a prompt', () => {
  it('trims, lowercases the category, makes the admin the author, and the public search finds it', async () => {
    const res = await call('POST', '/api/admin/prompts', admin.token, {
      ...valid,
      title: 'Xylophone Board Update',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Prompt created successfully');
    const prompt = res.json().data.prompt;
    expect(prompt).toMatchObject({
      title: 'Xylophone Board Update',
      description: 'Drafts a crisp quarterly update for the board.',
      content: 'Write a board update covering {{results}}, risks and asks.',
      category: 'business',
      type: 'free',
      price: 0,
      status: 'published',
      author: { id: admin.id, name: 'Ada Admin', email: admin.email },
    });
    const search = await call('GET', '/api/marketplace/prompts?search=xylophone');
    expect(search.json().data.prompts.map((p: { id: string }) => p.id)).toEqual([prompt.id]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', prompt.id)
      .execute();
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([['prompt.create', admin.email]]);
  });

  it('falls back to published without a status; premium keeps its price, free costs 0', async () => {
    const { status: _s, ...noStatus } = valid;
    const premium = await call('POST', '/api/admin/prompts', admin.token, {
      ...noStatus,
      type: undefined,
      isPaid: true,
      price: 12.5,
    });
    expect(premium.json().data.prompt).toMatchObject({
      status: 'published',
      type: 'premium',
      isPaid: true,
      price: 12.5,
    });
    const free = await call('POST', '/api/admin/prompts', admin.token, { ...valid, type: 'free', price: 40 });
    expect(free.json().data.prompt).toMatchObject({ type: 'free', price: 0 });
    const draft = await call('POST', '/api/admin/prompts', admin.token, { ...valid, status: 'draft' });
    expect(draft.json().data.prompt).toMatchObject({ status: 'draft', publishedAt: null });
  });

  it("answers the spec's validation messages", async () => {
    const cases: [object, string][] = [
      [{ title: '   ' }, 'Title is required'],
      [{ title: undefined }, 'Title is required'],
      [{ content: '  ' }, 'Content is required (minimum 10 characters)'],
      [{ content: ' too short ' }, 'Content must be at least 10 characters long'],
      [{ category: 'cooking' }, 'Please select a valid category'],
      [{ description: '' }, 'Description is required'],
      [{ type: 'premium', price: 0 }, 'Paid prompts cost between $1.00 and $999.99 (whole cents)'],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', '/api/admin/prompts', admin.token, { ...valid, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
  });
});

describe('listing', () => {
  it('lists every status with author e-mail, revenue, stats, filters and paging', async () => {
    const author = await insertUser(t.database.db, {
      name: 'Rhea Writer',
      email: `rhea${Date.now()}@example.test`,
    });
    const tag = `zq${Date.now()}`;
    const published = await insertPrompt(t.database.db, author.id, {
      title: `${tag} Alpha`,
      type: 'premium',
      price_minor: 999,
    });
    await insertPrompt(t.database.db, author.id, { title: `${tag} Beta`, status: 'draft' });
    await insertPrompt(t.database.db, author.id, {
      title: `${tag} Gamma`,
      status: 'rejected',
      category: 'marketing',
    });
    await buy(published.id, author.id, 700);

    const all = (await call('GET', `/api/admin/prompts?search=${tag}`, admin.token)).json().data;
    expect(all.total).toBe(3);
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    const alpha = all.prompts.find((p: { title: string }) => p.title === `${tag} Alpha`);
    expect(alpha).toMatchObject({
      author: { name: 'Rhea Writer', email: author.email },
      analytics: { revenue: 7, revenueMinor: 700, buyers: 1 },
      content: expect.any(String),
    });
    const byEmail = (
      await call(
        'GET',
        `/api/admin/prompts?search=${encodeURIComponent(author.email.toUpperCase())}`,
        admin.token,
      )
    ).json().data;
    expect(byEmail.total).toBe(3);
    const drafts = (await call('GET', `/api/admin/prompts?search=${tag}&status=draft`, admin.token)).json()
      .data;
    expect(drafts.prompts.map((p: { title: string }) => p.title)).toEqual([`${tag} Beta`]);
    const marketing = (
      await call('GET', `/api/admin/prompts?search=${tag}&category=marketing`, admin.token)
    ).json().data;
    expect(marketing.prompts.map((p: { title: string }) => p.title)).toEqual([`${tag} Gamma`]);
    const premium = (await call('GET', `/api/admin/prompts?search=${tag}&type=premium`, admin.token)).json()
      .data;
    expect(premium.prompts.map((p: { title: string }) => p.title)).toEqual([`${tag} Alpha`]);
    const page2 = (await call('GET', `/api/admin/prompts?search=${tag}&limit=2&page=2`, admin.token)).json()
      .data;
    expect(page2.prompts).toHaveLength(1);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });

    const stats = all.stats;
    const count = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) =>
      Number(
        (
          await where(base())
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const base = () => t.database.db.selectFrom('prompts');
    expect(stats).toEqual({
      total: await count((q) => q),
      published: await count((q) => q.where('status', '=', 'published')),
      pending: await count((q) => q.where('status', '=', 'draft')),
      archived: await count((q) => q.where('status', '=', 'archived')),
      rejected: await count((q) => q.where('status', '=', 'rejected')),
      featured: await count((q) => q.where('featured', '=', 1)),
      premium: await count((q) => q.where('type', '=', 'premium')),
    });
    expect(stats.pending).toBeGreaterThanOrEqual(1);
  });

  it('matches word forms and typos as the marketplace does, in every status, and says what to highlight', async () => {
    const author = await insertUser(t.database.db, { name: 'Ilse Author' });
    const draft = await insertPrompt(t.database.db, author.id, {
      title: 'Quokka Negotiation Rehearsal',
      status: 'draft',
    });
    const forms = (await call('GET', '/api/admin/prompts?search=quokkas%20negotiating', admin.token)).json()
      .data;
    expect(forms.prompts.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect(forms.search.highlight).toEqual(expect.arrayContaining(['quokkas', 'negotiating']));
    const typo = (await call('GET', '/api/admin/prompts?search=quokka%20negotiaton', admin.token)).json()
      .data;
    expect(typo.prompts.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect(typo.search.suggestion).toBe('quokka negotiation');
  });
});

describe('editing', () => {
  it("takes the spec's edit (status, featured, trending only) without touching the content", async () => {
    const author = await insertUser(t.database.db);
    const p = await insertPrompt(t.database.db, author.id, { title: 'Original Title' });
    const res = await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {
      status: 'archived',
      featured: true,
      trending: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Prompt updated successfully!');
    expect(res.json().data.prompt).toMatchObject({
      title: 'Original Title',
      status: 'archived',
      featured: true,
      trending: true,
      trendingPinned: true,
      metadata: { featured: true, trending: true },
    });
    const events = await t.database.db
      .selectFrom('activity_events')
      .select('type')
      .where('prompt_id', '=', p.id)
      .execute();
    expect(events.map((e) => e.type)).toContain('prompt.moderated');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ status: 'published', featured: false });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'archived', featured: true });
  });

  it('takes the whole form, keeping the previous version of a published prompt', async () => {
    const author = await insertUser(t.database.db);
    const p = await insertPrompt(t.database.db, author.id, {
      title: 'Before Title',
      type: 'premium',
      price_minor: 500,
    });
    const res = await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {
      ...valid,
      title: ' After Title ',
      type: undefined,
      price: 7.25,
      category: 'WRITING',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.prompt).toMatchObject({
      title: 'After Title',
      category: 'writing',
      type: 'premium',
      price: 7.25,
    });
    const versions = await t.database.db
      .selectFrom('prompt_versions')
      .selectAll()
      .where('prompt_id', '=', p.id)
      .execute();
    expect(versions.map((v) => [v.version, v.title, v.price_minor])).toEqual([[1, 'Before Title', 500]]);
  });

  it('judges the price on the prompt the form produces: a premium prompt keeps its type (issue 51)', async () => {
    const author = await insertUser(t.database.db);
    const p = await insertPrompt(t.database.db, author.id, { type: 'premium', price_minor: 500 });
    for (const price of [1e300, 1e9, 0.001, 1.999]) {
      const res = await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {
        ...valid,
        type: undefined,
        price,
      });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'price', message: 'Paid prompts cost between $1.00 and $999.99 (whole cents)' },
      ]);
    }
    const listed = await call('GET', '/api/admin/prompts?type=premium', admin.token);
    expect(listed.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('prompts')
      .select(['type', 'price_minor'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 'premium', price_minor: 500 });
  });

  it('refuses an incomplete form and an empty edit', async () => {
    const author = await insertUser(t.database.db);
    const p = await insertPrompt(t.database.db, author.id);
    const partial = await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {
      title: 'Only a title',
      status: 'draft',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('Description is required');
    const short = await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {
      ...valid,
      content: 'short',
    });
    expect(short.json().message).toBe('Content must be at least 10 characters long');
    expect((await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/prompts/nope`, admin.token, { featured: true })).statusCode).toBe(
      404,
    );
  });

  it('featuring shows the badge in the public marketplace', async () => {
    const author = await insertUser(t.database.db);
    const p = await insertPrompt(t.database.db, author.id, { title: 'Featurable Flamingo' });
    await call('PUT', `/api/admin/prompts/${p.id}`, admin.token, { featured: true });
    const pub = (await call('GET', '/api/marketplace/prompts?search=flamingo')).json().data.prompts;
    expect(pub[0].metadata.featured).toBe(true);
  });
  it('refuses to publish a team prompt or a private remix, by the edit as by moderation', async () => {
    const db = t.database.db;
    const owner = await insertUser(db);
    const teamId = newId();
    await db
      .insertInto('teams')
      .values({ id: teamId, name: 'Crew', created_by: owner.id, created_at: nowIso() })
      .execute();
    const teamPrompt = await insertPrompt(db, owner.id, { status: 'draft' });
    await db.updateTable('prompts').set({ team_id: teamId }).where('id', '=', teamPrompt.id).execute();
    const remix = await insertPrompt(db, owner.id, { status: 'draft' });
    await db.updateTable('prompts').set({ remix_private: 1 }).where('id', '=', remix.id).execute();

    for (const [url, body] of [
      [`/api/admin/prompts/${teamPrompt.id}`, { status: 'published' }],
      [`/api/admin/prompts/${teamPrompt.id}/status`, { status: 'published' }],
    ] as const) {
      const res = await call('PUT', url, admin.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: TEAM_MESSAGES.promptNotPublishable,
      });
    }
    const remixEdit = await call('PUT', `/api/admin/prompts/${remix.id}`, admin.token, {
      status: 'published',
    });
    expect(remixEdit.statusCode).toBe(403);
    const statuses = await db
      .selectFrom('prompts')
      .select('status')
      .where('id', 'in', [teamPrompt.id, remix.id])
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(['draft', 'draft']);
  });
});

describe('trending pins', () => {
  it('survive the periodic trending refresh', async () => {
    const db = t.database.db;
    const author = await insertUser(db);
    const quiet = await insertPrompt(db, author.id, { title: 'Quiet Pinned On' });
    const busy = await insertPrompt(db, author.id, { title: 'Busy Pinned Off' });
    const busyFree = await insertPrompt(db, author.id, { title: 'Busy Unpinned' });
    for (const id of [busy.id, busyFree.id]) {
      await db
        .insertInto('activity_events')
        .values({
          id: newId(),
          type: 'prompt.purchased',
          actor_id: null,
          prompt_id: id,
          created_at: nowIso(),
        })
        .execute();
    }
    await call('PUT', `/api/admin/prompts/${quiet.id}`, admin.token, { trending: true });
    await call('PUT', `/api/admin/prompts/${busy.id}`, admin.token, { trending: false });
    const top = await refreshTrending({ db, engine: t.database.engine } as Parameters<
      typeof refreshTrending
    >[0]);
    // A pinned prompt does not take one of the computed places.
    expect(top).toContain(busyFree.id);
    expect(top).not.toContain(busy.id);
    const flags = await db
      .selectFrom('prompts')
      .select(['id', 'trending', 'trending_pinned'])
      .where('id', 'in', [quiet.id, busy.id, busyFree.id])
      .execute();
    const byId = Object.fromEntries(flags.map((f) => [f.id, [f.trending, f.trending_pinned]]));
    expect(byId[quiet.id]).toEqual([1, 1]);
    expect(byId[busy.id]).toEqual([0, 0]);
    expect(byId[busyFree.id]).toEqual([1, null]);
  });
});

describe('moderation', () => {
  it('stores the note the creator sees in their studio, and records the moderation', async () => {
    const creator = await signUp('Cleo Creator');
    const created = await call('POST', '/api/user/prompts', creator.token, {
      title: 'Needs Work Prompt',
      description: 'A prompt the admins will reject for now.',
      content: 'Do something vaguely useful with {{input}} please.',
      category: 'writing',
    });
    const id = created.json().data.prompt.id as string;
    const res = await call('PUT', `/api/admin/prompts/${id}/status`, admin.token, {
      status: 'rejected',
      notes: '  Please add an example output.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.prompt).toMatchObject({
      status: 'rejected',
      moderationNote: 'Please add an example output.',
    });
    const mine = (await call('GET', '/api/user/prompts', creator.token)).json().data.prompts;
    expect(mine[0]).toMatchObject({ status: 'rejected', moderationNote: 'Please add an example output.' });
    expect((await call('GET', '/api/marketplace/prompts?search=needs work')).json().data.prompts).toEqual([]);
    const event = await t.database.db
      .selectFrom('activity_events')
      .selectAll()
      .where('prompt_id', '=', id)
      .where('type', '=', 'prompt.moderated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data)).toMatchObject({ from: 'published', to: 'rejected' });
    const bad = await call('PUT', `/api/admin/prompts/${id}/status`, admin.token, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes a prompt without buyers and archives one with buyers', async () => {
    const author = await insertUser(t.database.db);
    const lonely = await insertPrompt(t.database.db, author.id);
    const sold = await insertPrompt(t.database.db, author.id, { type: 'premium', price_minor: 999 });
    await buy(sold.id, author.id);
    const del = await call('DELETE', `/api/admin/prompts/${lonely.id}`, admin.token);
    expect(del.json()).toMatchObject({
      data: { deleted: true, archived: false },
      message: 'Prompt deleted successfully!',
    });
    expect(
      await t.database.db.selectFrom('prompts').select('id').where('id', '=', lonely.id).executeTakeFirst(),
    ).toBeUndefined();
    const arch = await call('DELETE', `/api/admin/prompts/${sold.id}`, admin.token);
    expect(arch.json()).toMatchObject({
      data: { deleted: false, archived: true },
      message: 'This prompt has buyers, so it was archived instead of deleted: they keep access to it.',
    });
    const row = await t.database.db
      .selectFrom('prompts')
      .select('status')
      .where('id', '=', sold.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('archived');
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', 'in', [lonely.id, sold.id])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['prompt.archive', 'prompt.delete']);
  });
});
